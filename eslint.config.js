import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/import-boundaries.js';

/**
 * The client's floors from the ground up (docs/architecture.md): a file imports its own floor and those below.
 * The effect layer and the texts; the store's slices and events; shared Blueprint compositions and the
 * prerendered first paint's takeover; the list/form engine; declarations several areas share; the features;
 * the app that composes them; the two entry points.
 */
const CLIENT_FLOORS = [
  ['client/io/', 'client/locales/'],
  ['client/state/'],
  ['client/components/', 'client/first-paint/'],
  ['client/resources/'],
  ['client/shared/'],
  ['client/features/'],
  ['client/app/'],
  ['client/main.tsx', 'client/prerender.tsx'],
];
/**
 * Files of the client and the mock that import a contracts file other than contracts/index.ts (the one public
 * entry point), and why. Everything else goes through the barrel (the build rewrites it to the declaring files).
 */
const CONTRACTS_DIRECT = [
  // Loaded on first use, never in a first load: a dynamic import of the barrel would fetch every schema.
  'client/app/locale-resources.ts', // the test-only pseudo language's transform (contracts/i18n/pseudo.ts)
  'client/features/auth/screens/login-screen.tsx', // the login form's schema, fetched when the form is first checked
  // The replay scenario format is deliberately not in the barrel: only the dev-only Debug menu and the QA runner use it.
  'client/features/debug/',
];
/** What mock-server/compose.ts builds: each declares the narrow services it uses, never the whole bag. */
const SERVER_LEAVES = ['services/', 'visit-rules/', 'resources/', 'qr/', 'statistics/', 'realtime/', 'chain/', 'money/', 'jobs/', 'shield/', 'users/', 'mall/'].map((f) => `mock-server/${f}`);

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
            ...['client/', 'mock-server/'].map((from) => ({
              from,
              to: 'contracts/',
              except: ['contracts/index.ts'],
              exceptFrom: CONTRACTS_DIRECT,
              why: 'contracts/index.ts is the one public entry point of contracts (eslint.config.js lists the few lazy loads that may not use it)',
            })),
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
            {
              from: 'mock-server/db/',
              to: 'mock-server/',
              except: ['mock-server/db/', 'mock-server/services/'],
              why: 'db/ opens and migrates the database on the ground floor; filling it knows the areas and lives in seed/',
            },
            {
              from: 'mock-server/http/',
              to: 'mock-server/',
              except: ['mock-server/http/', 'mock-server/services/', 'mock-server/compose.ts'],
              why: 'the HTTP layer knows no area: compose.ts hands it the checks that belong to areas (callGuards, serverIpBlack)',
            },
            {
              from: 'mock-server/',
              to: 'fixtures/',
              exceptFrom: ['mock-server/seed/', 'mock-server/handlers/auth.ts'],
              // handlers/auth.ts: a registration takes the seeded default role (fixtures/seed/roles.ts DEFAULT_ROLE_ID).
              why: 'seeding lives in one place that may know every area: mock-server/seed/',
            },
            ...SERVER_LEAVES.map((from) => ({
              from,
              to: 'mock-server/compose.ts',
              why: 'compose.ts builds this leaf; the leaf declares the narrow services it uses',
            })),
          ],
          floors: [{ name: 'the client', floors: CLIENT_FLOORS }],
          // No feature imports another, not even through a barrel: shared parts live below features/.
          isolated: [{ folder: 'client/features/' }],
          // No circle between folders: an import that runs back up against the others fails here.
          cycles: [{ root: 'client/' }, { root: 'mock-server/' }],
        },
      ],
    },
  },
);
