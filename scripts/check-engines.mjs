// Runs after `npm ci` / `npm install` (the root's postinstall, decision 030). The product runs on
// the Node that the install itself brings (the npm package `node`, first on the PATH of every npm
// script, this one included), not on the machine's: npm checks the packages' `engines` against
// the Node that runs npm (20 on these machines), which made 14 warnings that were all false.
// `.npmrc` turns those warnings off (loglevel=error); this script does the check honestly
// instead, against the Node the code will run on, and prints one line, or one per package whose
// engines that Node does not meet.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(import.meta.dirname, '..');

/** Whether `version` (1.2.3) meets an npm `engines` range: || of space-separated comparators. */
export function satisfies(version, range) {
  const have = parse(version);
  if (!have) return false;
  const trimmed = range.trim();
  if (trimmed === '' || trimmed === '*') return true;
  return trimmed.split('||').some((set) => {
    const spec = set.trim().replace(/\s+-\s+/, ' - ');
    const hyphen = /^(\S+) - (\S+)$/.exec(spec);
    if (hyphen) return compare(have, low(hyphen[1])) >= 0 && upperOk(have, hyphen[2]);
    return spec
      .replace(/([<>=~^]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => meets(have, comparator));
  });
}

function parse(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? match.slice(1, 4).map(Number) : null;
}

/** The parts a partial version (22, 22.12, 22.x) names, `x`/`*`/missing parts as null. */
function parts(text) {
  return text
    .replace(/^v/, '')
    .split('-')[0]
    .split('.')
    .slice(0, 3)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : null))
    .concat([null, null, null])
    .slice(0, 3);
}
const low = (text) => parts(text).map((part) => part ?? 0);
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
/** The exclusive upper bound of a partial version: 22 -> 23.0.0, 22.1 -> 22.2.0. */
function nextAfter(text) {
  const given = parts(text);
  const known = given.findIndex((part) => part === null);
  if (known === -1) return null;
  if (known === 0) return [Infinity, 0, 0];
  const bound = given.slice(0, known).map(Number);
  bound[known - 1] += 1;
  while (bound.length < 3) bound.push(0);
  return bound;
}
function upperOk(have, text) {
  const next = nextAfter(text);
  return next ? compare(have, next) < 0 : compare(have, low(text)) <= 0;
}

function meets(have, comparator) {
  const match = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator);
  const [, op = '', text] = match;
  const base = low(text);
  switch (op) {
    case '>=':
      return compare(have, base) >= 0;
    case '>':
      return nextAfter(text) ? compare(have, nextAfter(text)) >= 0 : compare(have, base) > 0;
    case '<=':
      return upperOk(have, text);
    case '<':
      return compare(have, base) < 0;
    case '^': {
      const upper = base[0] > 0 ? [base[0] + 1, 0, 0] : base[1] > 0 ? [0, base[1] + 1, 0] : [0, 0, base[2] + 1];
      return compare(have, base) >= 0 && compare(have, upper) < 0;
    }
    case '~': {
      const upper = parts(text)[1] === null ? [base[0] + 1, 0, 0] : [base[0], base[1] + 1, 0];
      return compare(have, base) >= 0 && compare(have, upper) < 0;
    }
    default:
      return compare(have, base) >= 0 && upperOk(have, text);
  }
}

/** Every installed package's folder under `modules` (scoped ones and nested node_modules too). */
function* packages(modules) {
  let entries;
  try {
    entries = readdirSync(modules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(path, { withFileTypes: true }))
        if (scoped.isDirectory()) yield* withNested(join(path, scoped.name));
    } else yield* withNested(path);
  }
}
function* withNested(path) {
  yield path;
  yield* packages(join(path, 'node_modules'));
}

function main() {
  const projectNode = JSON.parse(readFileSync(join(root, 'node_modules/node/package.json'), 'utf8')).version;
  if (!process.version.startsWith(`v${projectNode.split('.')[0]}.`)) {
    console.log(
      `openpool: this script runs on Node ${process.version}, not the project's ${projectNode}; npm start uses the project's`,
    );
  }
  const unmet = [];
  let checked = 0;
  const folders = [
    root,
    ...['packages', 'apps'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(root, dir, name))),
  ];
  for (const folder of [...folders, ...packages(join(root, 'node_modules'))]) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const range = manifest.engines?.node;
    if (typeof range !== 'string') continue;
    checked += 1;
    if (!satisfies(process.version, range)) unmet.push(`${manifest.name}@${manifest.version} wants node ${range}`);
  }
  if (unmet.length === 0) {
    console.log(`openpool: the ${checked} packages' engines fit Node ${process.version}, the Node npm start runs on`);
  } else {
    for (const line of unmet) console.log(`openpool: ${line}; npm start runs Node ${process.version}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
