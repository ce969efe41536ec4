// Adds English messages to apps/web/app/locales/en.json, keeping its order and refusing to
// change an existing key's text. Usage: node scripts/add-messages.mjs key1 'Text 1' key2 'Text 2'
// (one synchronous read-modify-write, so parallel editors do not lose each other's keys).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', 'apps/web/app/locales/en.json');
const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: node scripts/add-messages.mjs key text [key text ...]');
  process.exit(2);
}
const messages = JSON.parse(readFileSync(file, 'utf8'));
for (let i = 0; i < pairs.length; i += 2) {
  const [key, text] = [pairs[i], pairs[i + 1]];
  if (key in messages && messages[key] !== text) {
    console.error(`${key} already exists with a different text: ${messages[key]}`);
    process.exit(1);
  }
  messages[key] = text;
}
writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
console.log(`en.json: ${Object.keys(messages).length} keys`);
