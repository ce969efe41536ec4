// Lists, for each locale, the catalogue keys it lacks compared with English (the source).
// Missing keys show in English on the site; this says what translators still have to do.
// Exit code 0 either way: a missing translation is work to do, not a broken build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'apps/web/app/locales');
const LOCALES = ['en', 'ru', 'uk', 'pl', 'fr', 'id', 'ko', 'zh-cn', 'pt-br', 'es', 'fa', 'it', 'ms', 'tr', 'kz'];
const read = (code) => {
  try {
    return JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8'));
  } catch {
    return null;
  }
};
const english = read('en');
const keys = Object.keys(english);
let total = 0;
for (const code of LOCALES.slice(1)) {
  const catalogue = read(code);
  const missing = catalogue ? keys.filter((key) => !(key in catalogue)) : keys;
  const extra = catalogue ? Object.keys(catalogue).filter((key) => !(key in english)) : [];
  total += missing.length;
  const status = catalogue ? `${keys.length - missing.length}/${keys.length}` : 'no catalogue';
  console.log(
    `${code.padEnd(6)} ${status}${missing.length ? `  missing: ${missing.join(', ')}` : ''}${extra.length ? `  unknown: ${extra.join(', ')}` : ''}`,
  );
}
const unexpectedFiles = readdirSync(dir).filter((file) => !LOCALES.includes(file.replace(/\.json$/, '')));
if (unexpectedFiles.length) console.log(`files that are no locale: ${unexpectedFiles.join(', ')}`);
console.log(`${total} missing translation(s) across ${LOCALES.length - 1} locales`);
