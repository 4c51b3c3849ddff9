import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/import-boundaries.js';

/** The client's shared floors: they serve the screens and the app, and never reach up into them. */
const CLIENT_FLOORS = ['client/resources/', 'client/components/', 'client/state/', 'client/io/'];
/** What mock-server/compose.ts builds: each declares the narrow services it uses, never the whole bag. */
const SERVER_LEAVES = ['services/', 'visit-rules/', 'resources/', 'qr/', 'statistics/', 'realtime/', 'chain/', 'money/', 'jobs/', 'shield/'].map((f) => `mock-server/${f}`);

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
    ignores: ['client/**/sagas/**', 'client/**/effects/**', 'client/io/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'fetch belongs to the effect layer (client/io).' },
        { name: 'WebSocket', message: 'WebSocket belongs to the effect layer (client/io).' },
        { name: 'setInterval', message: 'Timers belong to sagas.' },
        { name: 'setTimeout', message: 'Timers belong to sagas.' },
      ],
    },
  },
  {
    // Questions go through client/components/question.tsx: Escape cancels them (Alert's own default does not).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/components/question.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@blueprintjs/core', importNames: ['Alert'], message: 'Ask with Question (client/components/question.tsx): Escape must cancel.' }] },
      ],
    },
  },
  {
    // The house's folder boundaries (docs/architecture.md; tests/contract/import-boundaries.test.ts proves them).
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
            { from: 'mock-server/', to: 'harness/', why: 'the mock runs without its test harness; what both use lives in mock-server/' },
            // Floors inside each wing (docs/architecture.md).
            ...CLIENT_FLOORS.flatMap((from) => [
              { from, to: 'client/features/', why: 'shared floors serve the features; a feature composes them, never the reverse' },
              { from, to: 'client/app/', why: 'shared floors serve the app; the app composes them, never the reverse' },
            ]),
            {
              from: 'mock-server/',
              to: 'mock-server/handlers/',
              exceptFrom: ['mock-server/handlers/', 'mock-server/app.ts'],
              why: 'handlers are the top floor; a job makes a call through the CallAs that compose.ts hands it',
            },
            {
              from: 'mock-server/resources/',
              to: 'mock-server/',
              except: ['mock-server/resources/', 'mock-server/services/'],
              why: 'the resource engine knows tables, not areas: it stands on the ground floor alone',
            },
            { from: 'mock-server/services/', to: 'mock-server/', except: ['mock-server/services/'], why: 'services/ is the ground floor' },
            ...SERVER_LEAVES.map((from) => ({
              from,
              to: 'mock-server/compose.ts',
              why: 'compose.ts builds this leaf; the leaf declares the narrow services it uses',
            })),
          ],
          // No feature imports another, not even through a barrel: shared parts live below features/.
          isolated: [{ folder: 'client/features/' }],
        },
      ],
    },
  },
);
