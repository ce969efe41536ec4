import { startTelegramStandIn } from './telegram-stand-in.ts';
const s = await startTelegramStandIn(19142);
console.log('stand-in', s.apiRoot);
// Relay: read commands from a file-less HTTP endpoint
import { createServer } from 'node:http';
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/say') s.say(Number(url.searchParams.get('chat')), url.searchParams.get('text') ?? '');
  res.end(JSON.stringify(s.sent, null, 1));
}).listen(19143, '127.0.0.1');
