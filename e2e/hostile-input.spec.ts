/**
 * The bounded fuzz test of hostile input (decision 008): every web route under every locale prefix, read
 * from the app's own route config, and every API GET path of the OpenAPI document, with
 * hostile values, methods and headers, spoken in raw HTTP so that nothing normalises them.
 * No answer may be 500 or more, and no body may show a stack or an absolute path.
 * Each test prints what it tried; the whole file takes a few seconds.
 */
import { connect } from 'node:net';
import { expect, test, type TestInfo } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { LOCALE_CODES } from '@openpool/domain/locales';
import routes from '../apps/web/app/routes.ts';
import { API_PORT, SITE_PORT } from './ports.ts';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** Path and query values an attacker would try; each is sent percent-encoded where a URL needs it. */
const HOSTILE = [
  '%00',
  '%ff%fe',
  '%',
  '%zz',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..',
  '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'a'.repeat(3000),
  '%E2%80%AE%F0%9F%98%80',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '9'.repeat(40),
  '__proto__',
  'constructor',
  '%5B%5D',
  '%5C',
  '%20',
  'btc%0d%0aSet-Cookie:%20x=1',
];
/** For the web, whose every answer is a rendered page: the values that reach the most code. */
const HOSTILE_WEB = HOSTILE.filter((value) => !['..', '-1', 'NaN', '0x10', 'constructor', '%5B%5D', '%20'].includes(value));
const STACK = /\n\s+at [^\n]*[(:]|node:internal|file:\/\/|node_modules|\/work\/|\/home\/|\/root\/|\/srv\//;

interface Answer {
  status: number;
  text: string;
}

/** One request in raw HTTP/1.1 (or whatever `head` says), read to the end. */
function raw(port: number, head: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(15_000, () => socket.destroy(new Error(`timeout: ${head.split('\r\n')[0]}`)));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), text }));
    socket.write(head);
  });
}

const get = (port: number, target: string, headers = '') =>
  raw(port, `GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Language: en\r\n${headers}Connection: close\r\n\r\n`);

/** Runs every request, a few at a time, and lists each answer that broke the rules. */
async function probe(info: TestInfo, requests: { label: string; send: () => Promise<Answer> }[]): Promise<string[]> {
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const request = requests[next++]!;
      const answer = await request.send().catch((error: Error) => ({ status: 0, text: error.message }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (!(answer.status >= 100 && answer.status < 500)) problems.push(`${answer.status} ${request.label}`);
      else if (STACK.test(answer.text)) problems.push(`stack or path in ${answer.status} ${request.label}`);
    }
  }
  await Promise.all(Array.from({ length: 6 }, worker));
  const summary = `${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${[...statuses].map(([s, n]) => `${s}x${n}`).join(' ')}`;
  info.annotations.push({ type: 'tried', description: summary });
  console.log(`${info.title}: ${summary}`);
  return problems;
}

/** Every page path of the route config, with its params, e.g. `/ru/:coin/miner/stats/:address`. */
function routeTemplates(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/');
    if (entry.children) out.push(...routeTemplates(entry.children, path));
    else out.push(path || '/');
  }
  return [...new Set(out)];
}

const SANE: Record<string, string> = {
  coin: 'btc',
  address: ADDRESS,
  worker: 'rig01',
  scheme: 'solo',
  slug: 'how-to-start-mining',
};

function fill(template: string, hostile: string | undefined, which: number): string {
  let index = 0;
  const path = template.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = index++ === which && hostile !== undefined ? hostile : (SANE[name] ?? 'asic');
    return value;
  });
  return path.replace(/\*$/, hostile ?? 'nothing-here');
}

test('every web route under every prefix, with hostile values', async ({}, info) => {
  test.setTimeout(90_000);
  // The prefixed pages are one `:lang` tree (routes.ts): each locale code is a prefix of its own,
  // and the `:lang` template itself keeps its hostile turn at the prefix (a 404, never a page).
  const templates = routeTemplates(routes).flatMap((template) =>
    template.startsWith('/:lang/') ? [template, ...LOCALE_CODES.map((code) => template.replace(':lang', code))] : [template],
  );
  const requests: { label: string; send: () => Promise<Answer> }[] = [];
  let turn = 0;
  for (const template of templates) {
    const params = (template.match(/:\w+/g) ?? []).length + (template.endsWith('*') ? 1 : 0);
    requests.push({ label: template, send: () => get(SITE_PORT, fill(template, undefined, -1)) });
    // Unprefixed routes get every hostile value in each parameter; each prefixed copy, one in turn.
    const prefixed = (LOCALE_CODES as readonly string[]).includes(template.split('/')[1] ?? '') || template.startsWith('/:lang/');
    for (let which = 0; which < Math.max(params, 1); which += 1) {
      for (const hostile of prefixed ? [HOSTILE[turn++ % HOSTILE.length]!] : HOSTILE_WEB) {
        const target = `${fill(template, hostile, which)}?source=${hostile}&ref=${hostile}&range=${hostile}`;
        requests.push({ label: `${template} <- ${hostile.slice(0, 40)}`, send: () => get(SITE_PORT, target) });
      }
    }
  }
  expect(templates.length).toBeGreaterThan(20 * 16);
  expect(await probe(info, requests)).toEqual([]);
});

// The site once answered `//` and `///` with 500 (a stack in its log each time).
test('`//`, `///` and other empty segments are a 404 on both servers, with no stack', async ({}, info) => {
  const requests: { label: string; send: () => Promise<Answer> }[] = [];
  const targets = ['//', '///', '//ru', '//btc', '/btc//', '//health', '//evil.example/x', '//?ref=x'];
  const found: string[] = [];
  for (const [name, port] of [
    ['web', SITE_PORT],
    ['api', API_PORT],
  ] as const)
    for (const target of targets)
      requests.push({
        label: `${name} GET ${target}`,
        send: async () => {
          const answer = await get(port, target);
          if (answer.status !== 404) found.push(`${answer.status} ${name} GET ${target}`);
          return answer;
        },
      });
  expect(await probe(info, requests)).toEqual([]);
  expect(found).toEqual([]);
});

test('the web with hostile methods, targets and headers', async ({}, info) => {
  const site = SITE_PORT;
  const requests: { label: string; send: () => Promise<Answer> }[] = [];
  const add = (label: string, head: string) => requests.push({ label, send: () => raw(site, head) });
  const end = 'Connection: close\r\n\r\n';
  for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'PROPFIND', 'BREW'])
    for (const path of ['/', '/ru/btc', `/btc/miner/stats/${ADDRESS}`])
      add(`${method} ${path}`, `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n${end}`);
  for (const target of [
    '*',
    'http://evil.example/',
    '//evil.example',
    '//',
    '///',
    '/%',
    '/..%2f..%2fetc%2fpasswd',
    `/${'x'.repeat(8000)}`,
  ])
    add(`GET ${target.slice(0, 40)}`, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${end}`);
  for (const host of ['a b', '[', 'x:99999', '', 'localhost:0', '[::1', 'evil.example', 'a'.repeat(300)])
    add(`Host ${host.slice(0, 20)}`, `GET / HTTP/1.1\r\nHost: ${host}\r\n${end}`);
  add('HTTP/1.0 without Host', 'GET / HTTP/1.0\r\n\r\n');
  add(
    'POST with a junk body',
    `POST /btc HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`,
  );
  for (const [name, value] of [
    ['X-Forwarded-Host', '['],
    ['X-Forwarded-For', 'not-an-ip, ::::'],
    ['X-Forwarded-Proto', 'gopher'],
    ['Cookie', 'i18n_redirected=%; ref=%zz; ref=<script>'],
    // Forged first-touch landings (decision 017), met by a `?ref=` landing below.
    ['Cookie', `ref=x; ref_landing=9999999999.${'A'.repeat(16)}.${'B'.repeat(43)}`],
    ['Cookie', 'ref=x; ref_landing=%zz; ref_landing=1.2.3'],
    ['Cookie', `i18n_redirected=${'%72%75'}`],
    ['Cookie', 'x'.repeat(7000)],
    ['Accept-Language', '*;q=x, ;;, ' + 'a-'.repeat(500)],
    ['Accept-Encoding', 'br;q=NaN, gzip;q=-1, *'],
    ['Range', 'bytes=999999999-'],
    ['If-None-Match', '"' + 'x'.repeat(500)],
    ['If-Modified-Since', 'yesterday'],
    ['Content-Length', '-1'],
  ])
    for (const path of ['/', '/ru', '/btc', '/btc?ref=friend', '/assets/nothing.js', '/favicon.ico'])
      add(`${name}: ${value.slice(0, 30)} on ${path}`, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${name}: ${value}\r\n${end}`);
  expect(await probe(info, requests)).toEqual([]);
});

test('every API GET path of the OpenAPI document, with hostile values, methods and headers', async ({}, info) => {
  const document = JSON.parse((await get(API_PORT, '/openapi.json')).text.split('\r\n\r\n').slice(1).join('\r\n\r\n')) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const paths = Object.entries(document.paths).filter(([, operations]) => operations.get);
  expect(paths.length).toBeGreaterThan(15);
  const requests: { label: string; send: () => Promise<Answer> }[] = [];
  const saneValue = (name: string) =>
    name === 'coin' ? 'ltc' : name === 'address' ? ADDRESS : name === 'worker' ? 'rig01' : 'x';
  for (const [path, operations] of paths) {
    const parameters = operations.get?.parameters ?? [];
    const inPath = parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const build = (hostile?: { name: string; value: string }) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => (hostile?.name === name ? hostile.value : saneValue(name)));
      // A query's coin and miner are real ones, so the referral call reaches its cookie check (decision 017).
      const saneQuery = (name: string) => (name === 'coin' ? 'ltc' : name === 'miner' ? ADDRESS : '1');
      const query = inQuery.map((name) => `${name}=${hostile?.name === name ? hostile.value : saneQuery(name)}`).join('&');
      return query ? `${filled}?${query}` : filled;
    };
    requests.push({ label: `GET ${path}`, send: () => get(API_PORT, build()) });
    for (const name of [...inPath, ...inQuery])
      for (const value of HOSTILE)
        requests.push({ label: `GET ${path} ${name}=${value.slice(0, 30)}`, send: () => get(API_PORT, build({ name, value })) });
    for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS'])
      requests.push({
        label: `${method} ${path}`,
        send: () =>
          raw(API_PORT, `${method} ${build()} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
      });
    for (const header of [
      'Origin: null',
      'Cookie: ref=%zz; ref=x',
      `Cookie: ref=x; ref_landing=1763640000.${'A'.repeat(16)}.${'B'.repeat(43)}`,
      'Cookie: ref=x; ref_landing=%zz; ref_landing=' + 'x'.repeat(4000),
      'If-None-Match: W/"',
      'Accept: */*;q=x',
      'X-Forwarded-For: ::::',
    ])
      requests.push({ label: `GET ${path} with ${header}`, send: () => get(API_PORT, build(), `${header}\r\n`) });
  }
  for (const [label, head] of [
    [
      'ingest without a token, JSON',
      'POST /internal/v1/events?source=x HTTP/1.1\r\nHost: l\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    ],
    [
      'settings with junk',
      'POST /ltc/api/v1/miner/settings/x HTTP/1.1\r\nHost: l\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"ip":[]}',
    ],
    ['a bad Host on the API', 'GET /health HTTP/1.1\r\nHost: [\r\n\r\n'],
  ] as const)
    requests.push({ label, send: () => raw(API_PORT, head.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')) });
  expect(await probe(info, requests)).toEqual([]);
});

test('the mail-link pages (confirm, unsubscribe) with hostile tokens, methods and bodies', async ({}, info) => {
  const requests: { label: string; send: () => Promise<Answer> }[] = [];
  const post = (target: string, type: string, body: string) =>
    raw(
      API_PORT,
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  for (const purpose of ['confirm', 'unsubscribe']) {
    const tokens = [...HOSTILE, '', 'A'.repeat(200) + '.' + 'B'.repeat(43), '1.x', '9'.repeat(40) + '.sig'];
    for (const token of tokens) {
      const target = `/api/v1/notify/${purpose}?token=${token}`;
      requests.push({ label: `GET ${purpose} token=${token.slice(0, 30)}`, send: () => get(API_PORT, target) });
      requests.push({
        label: `POST ${purpose} token=${token.slice(0, 30)} (RFC 8058 one-click)`,
        send: () => post(target, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'),
      });
    }
    requests.push({ label: `GET ${purpose} without a token`, send: () => get(API_PORT, `/api/v1/notify/${purpose}`) });
    requests.push({
      label: `GET ${purpose} with two tokens`,
      send: () => get(API_PORT, `/api/v1/notify/${purpose}?token=a&token=b`),
    });
    for (const [type, body] of [
      ['application/json', '{"token":['],
      ['multipart/form-data; boundary=x', '--x\r\n' + 'y'.repeat(5000)],
      ['text/plain', '\u0000'],
      ['application/x-www-form-urlencoded', 'a='.repeat(3000)],
    ] as const)
      requests.push({ label: `POST ${purpose} ${type}`, send: () => post(`/api/v1/notify/${purpose}?token=x`, type, body) });
  }
  // Without a bot (as here) the webhook path is unknown; with one, its secret is checked before the body (webhook.test.ts).
  requests.push({
    label: 'POST a webhook path with a huge body and no secret',
    send: () => post('/telegram/webhook', 'application/json', '{"update_id":' + '9'.repeat(60000) + '}'),
  });
  expect(await probe(info, requests)).toEqual([]);
});
