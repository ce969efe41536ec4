import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: [
      '**/env.server.ts',
      '**/env.ts',
      'server.ts',
      'apps/*/server.ts',
      'apps/api/src/server.ts',
      'apps/stratum/src/main.ts',
      'playwright.config.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
