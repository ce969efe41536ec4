import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Layers of the web app (decision 021; Bulletproof React's restricted paths), lowest first:
 * `platform/` (the API client and its paths, site settings, cookies, prefetch, icons, lazy
 * chunks: nothing that speaks), `i18n/` (translations and locales), `currency/` (the
 * selected currency and rates), `shared/` (UI pieces several features use), `features/*`,
 * and `routes/` on top. A layer imports lower layers only; features never import each other
 * (a part two features need moves to shared/). Every folder under `features/` is a feature as
 * soon as it exists, so a new one is inside the rule without editing this file. Tests may read
 * across the app (app-wide checks). `data/` (the loader helpers, decision 035) stands beside
 * shared/: below the features, above platform/, i18n/ and currency/, and never imports shared/.
 */
const WEB = 'apps/web/app';
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_LAYERS = ['platform', 'i18n', 'currency', 'shared'];
const SOURCES = '**/*.{ts,tsx}';
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const noRoutes = { regex: '^~/routes/', message: 'Routes compose features and shared parts; nothing imports a route.' };
const noParent = {
  regex: '^\\.\\./',
  message: 'Import through `~/` so the boundary rule sees where an import goes.',
};
const webLayers = WEB_LAYERS.map((layer, index) => {
  const above = WEB_LAYERS.slice(index + 1);
  return {
    files: [`${WEB}/${layer}/${SOURCES}`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^~/(?:${[...above, 'features'].join('|')})/`,
              message: `${layer}/ is layer ${index + 1} of the web app (eslint.config.js, decision 021): it may import ${WEB_LAYERS.slice(0, index).join(', ') || 'no other layer'}, not ${[...above, 'features'].join(', ')}.`,
            },
            noRoutes,
            noParent,
          ],
        },
      ],
    },
  };
});
const boundaries = [
  ...FEATURES.map((feature) => ({
    files: [`${WEB}/features/${feature}/${SOURCES}`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^~/features/(?!${feature}/)`,
              message: `features/${feature} may import itself and the layers below (${WEB_LAYERS.join(', ')}), not another feature: move what both need to shared/.`,
            },
            noRoutes,
            noParent,
          ],
        },
      ],
    },
  })),
  ...webLayers,
  {
    files: [`${WEB}/data/${SOURCES}`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^~/(?:shared|features)/',
              message:
                'data/ holds the loader helpers below the features (eslint.config.js, decision 035): it may import platform, i18n and currency, not shared/ (UI) or a feature.',
            },
            noRoutes,
            noParent,
          ],
        },
      ],
    },
  },
];

/**
 * Server code and UI, each in its own zone (decision 035). UI code (platform/, i18n/,
 * currency/, shared/ and the features' components and hooks) imports no server code: no
 * `*.server` module, nothing from data/, no `node:` builtin. data/ and a feature's `*.server.ts`
 * import no UI (shared/, a `.tsx` file, React), and neither does the Express process
 * (server.ts, server/), which reaches app/ only for platform/, data/ and env.server.ts.
 * Type-only imports pass: they are erased, so a component may name its loader's payload.
 * A rule of its own (typescript-eslint's, which knows type imports), so these patterns add to
 * the layers' instead of replacing them. Routes, root.tsx and entry.server.tsx join both sides.
 */
const zone = (files, ignores, regex, message) => ({
  files,
  ignores,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, message, allowTypeImports: true }] }],
  },
});
const NO_REACT = String.raw`\.tsx$|^react(?:-dom)?(?:/|$)`;
const serverZones = [
  zone(
    [`${WEB}/{platform,i18n,currency,shared}/${SOURCES}`, `${WEB}/features/${SOURCES}`],
    [...TESTS, '**/*.server.{ts,tsx}'],
    String.raw`\.server(?:\.tsx?)?$|^~/data/|^node:`,
    'UI code imports no server code (eslint.config.js, decision 035): a *.server module, data/ and node: builtins belong to loaders and *.server.ts files.',
  ),
  zone(
    [`${WEB}/data/${SOURCES}`, `${WEB}/features/**/*.server.{ts,tsx}`],
    TESTS,
    `^~/shared/|${NO_REACT}`,
    'Server code imports no UI (eslint.config.js, decision 035): a loader helper returns data, not shared/ parts, components or React.',
  ),
  zone(
    ['apps/web/server/**/*.ts', 'apps/web/server.ts'],
    TESTS,
    `^~/|(?:^|/)app/(?!platform/|data/|env\\.server\\.ts$)|${NO_REACT}`,
    'The Express process imports no UI (eslint.config.js, decision 035): from app/ only platform/, data/ and env.server.ts.',
  ),
];

/**
 * Layers of the API (decision 021), lowest first: a folder (or top-level file) may import its
 * own layer's code only within itself, and any lower layer; never a higher one, never a
 * sibling of its layer. The database, HTTP plumbing and configuration are the ground; read
 * models and adapters stand on them; the miner and hardware read routes, then notifications
 * (which read miners), the engine (which asks notify to tell), the settings and referral
 * writes, ingest and the pool routes, the compatibility paths and health (which read both
 * sides), the simulator (which drives ingest), the app, and the
 * process at the top. Tests may read across the app.
 */
const API = 'apps/api/src';
const API_LAYERS = [
  ['db', 'env', 'context'],
  ['http'],
  ['stats', 'rates', 'solvency'],
  ['miner', 'hardware', 'metrics'],
  ['notify'],
  ['engine'],
  ['settings', 'referral'],
  ['ingest', 'pool'],
  ['compat', 'health'],
  ['simulator'],
  ['app', 'held-cli', 'backup'],
  ['runtime', 'testing'],
  ['server'],
];
const apiLayers = API_LAYERS.flatMap((layer, index) => {
  const above = API_LAYERS.slice(index + 1).flat();
  return layer.map((name) => {
    const forbidden = [...above, ...layer.filter((other) => other !== name)];
    return {
      files: [`${API}/${name}/${SOURCES}`, `${API}/${name}.ts`],
      ignores: TESTS,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: forbidden.length
              ? [
                  {
                    regex: `^(?:\\./|(?:\\.\\./)+)(?:${forbidden.join('|')})(?:/|\\.ts$)`,
                    message: `${name} is in layer ${index + 1} of the API (eslint.config.js, decision 021): it may import lower layers only, not ${forbidden.join(', ')}.`,
                  },
                ]
              : [],
          },
        ],
      },
    };
  });
});

/**
 * SQL stays out of the API's route files (decision 033): a folder's `routes.ts` (and any
 * `*-routes.ts`) holds paths, schemas and status mapping, its `queries.ts` the SQL, and
 * `app.ts` only wires. A route file that calls `.query(`, holds a statement, or reaches for
 * the database client or a transaction is refused.
 */
// Statements as the code writes them, all lower case or all upper case: "Select a coin from
// the list" in a summary is prose.
const SQL_LOWER = String.raw`select\s[\s\S]*\bfrom\b|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+\w+\s+as\s*\(`;
const SQL_UPPER = String.raw`SELECT\s[\s\S]*\bFROM\b|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\(`;
const SQL_STATEMENT = `/^\\s*(${SQL_LOWER}|${SQL_UPPER})/`;
const sqlMessage = (what) =>
  `${what} in a route file: routes.ts is HTTP only, move the SQL to the folder's queries.ts (decision 033).`;
const NO_SQL_IN_ROUTES = [
  { selector: "CallExpression[callee.property.name='query']", message: sqlMessage('A database query') },
  { selector: `Literal[value=${SQL_STATEMENT}]`, message: sqlMessage('A SQL statement') },
  { selector: `TemplateElement[value.raw=${SQL_STATEMENT}]`, message: sqlMessage('A SQL statement') },
  {
    selector: String.raw`:matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/^pg$|\/db\/transaction\.ts$/]`,
    message: sqlMessage('The database client'),
  },
];

const BARE_INTL = {
  selector:
    "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules)$/]",
  message: 'Use the formatters of @openpool/domain/intl (Latin digits in every locale).',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'test-results/**', 'playwright-report/**', '.data/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in env parsers (env.server.ts, env.ts).' },
      ],
    },
  },
  {
    // One digit system per locale (decision 002's addendum): Intl formatters come from
    // @openpool/domain/intl, which adds Latin digits; a bare one wrote '۳ آذر ۱۴۰۵' in fa.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', BARE_INTL] },
  },
  {
    // A loader's `request.url` is the raw request: `/btc/difficulty.data` when the browser asks
    // for a page's data. The page's own URL is the `url` argument (a chart page once showed the
    // wrong chart on every client-side navigation).
    files: ['apps/web/app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='URL'] > MemberExpression.arguments[object.name='request'][property.name='url']",
          message: "Use the loader's `url` argument (the page's URL, without the `.data` of a client-side request).",
        },
        BARE_INTL,
      ],
    },
  },
  {
    files: [
      '**/env.server.ts',
      '**/env.ts',
      'server.ts',
      'apps/*/server.ts',
      // Build configuration runs at build time, where WEB_BUILD_DIR picks the output folder.
      'apps/web/build-server.ts',
      'apps/web/react-router.config.ts',
      'apps/api/src/server.ts',
      'apps/api/src/held-cli.ts',
      'apps/api/src/backup/*-cli.ts',
      'apps/stratum/src/main.ts',
      'playwright.config.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
      'ops/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: [`${API}/**/routes.ts`, `${API}/**/*-routes.ts`, `${API}/app.ts`],
    rules: { 'no-restricted-syntax': ['error', ...NO_SQL_IN_ROUTES] },
  },
  ...boundaries,
  ...serverZones,
  ...apiLayers,
);
