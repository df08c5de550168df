import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/.vite/', 'apps/server/drizzle/', 'e2e/artifacts/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    // The rules engine is pure: no clock, no global randomness, no I/O.
    files: ['packages/rules/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval', 'fetch', 'process'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Dice come from the seeded generator in the encounter.' }],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto'] }],
    },
  },
  {
    // The authoritative rooms know ports, not Socket.IO: one file makes the server, the rest of the
    // realtime layer takes it as a value (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/realtime/socket-server.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'socket.io', message: 'Only realtime/socket-server.ts imports socket.io.' }] }],
    },
  },
  {
    // The pages take types from the protocol's index, values only from its light entries: the index
    // builds the zod schemas on import, and zod's eval probe would also break the pages' CSP.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.svelte', 'packages/client/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@roundkeeper/protocol', allowTypeImports: true, message: 'Import values from a light entry (@roundkeeper/protocol/limits, …).' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '**/scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
