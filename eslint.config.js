import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/import-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', '.data/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a const object with a same-named type (house style).' },
      ],
    },
  },
  {
    // Effects live in sagas and their effect layer only (design card).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/**/sagas/**', 'client/**/effects/**', 'client/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'fetch belongs to the effect layer (client/api).' },
        { name: 'WebSocket', message: 'WebSocket belongs to the effect layer (client/api).' },
        { name: 'setInterval', message: 'Timers belong to sagas.' },
        { name: 'setTimeout', message: 'Timers belong to sagas.' },
      ],
    },
  },
  {
    // The house's folder boundaries (README "Architecture"; tests/contract/import-boundaries.test.ts proves them).
    plugins: { local: boundaries },
    rules: {
      'local/import-boundaries': [
        'error',
        {
          forbid: [
            { from: 'client/', to: 'mock-server/', why: 'the console reaches the server through contracts and HTTP only' },
            { from: 'mock-server/', to: 'client/', why: 'the server never depends on the console' },
            { from: 'contracts/', to: 'client/', why: 'contracts depend on zod only' },
            { from: 'contracts/', to: 'mock-server/', why: 'contracts depend on zod only' },
            // The machinery both use (test server, fuzz/authz/owner/crash drivers, console build) is harness/.
            { from: 'scripts/', to: 'tests/', why: 'scripts do not depend on tests; shared drivers live in harness/' },
            { from: 'harness/', to: 'tests/', why: 'the harness serves tests and scripts; it depends on neither' },
          ],
          isolated: [{ folder: 'client/features/', entry: 'index.ts' }],
        },
      ],
    },
  },
);
