/**
 * A stand-in for the API's ingest endpoint in stratum-only tests: checks the bearer token,
 * applies each event once by `seq` (as the engine does) and can be taken down and brought
 * back to test the outbox. The full path through the real API is tested in apps/api.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IngestEvent } from '@openpool/domain/events';

export async function startCaptureApi(token: string) {
  const events: IngestEvent[] = [];
  let lastSeq = 0;
  let down = false;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (down) {
        response.writeHead(503).end('{"error":"down","message":"down"}');
        return;
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        response.writeHead(401).end('{"error":"unauthorized","message":"token"}');
        return;
      }
      let accepted = 0;
      for (const line of body.split('\n')) {
        if (!line) continue;
        const event = JSON.parse(line) as IngestEvent;
        if (event.seq <= lastSeq) continue;
        lastSeq = event.seq;
        accepted += 1;
        events.push(event);
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ accepted, skipped: 0, last_seq: lastSeq }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    setDown: (value: boolean) => (down = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
