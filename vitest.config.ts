import { defineConfig } from 'vitest/config';

/**
 * The suite in five projects (tests/README.md says which kind of test goes where). `npm run test:fast` runs
 * every project but e2e; `npm test` runs them all. Each project names its folders; a test file in a folder
 * no project names would not run, and tests/contract/test-projects.test.ts fails on one.
 */
export const PROJECTS = {
  /** Pure code and the console's screens in jsdom, no server. */
  unit: ['tests/unit', 'tests/visit-rules', 'tests/client'],
  /** The contracts against themselves, the OpenAPI document and the house rules. */
  contract: ['tests/contract'],
  /** A real server over HTTP, WebSocket and SQLite; the robustness harness. */
  api: ['tests/api', 'tests/realtime', 'tests/robustness'],
  /** The console's sagas and the QA scenarios on a virtual clock. */
  saga: ['tests/sagas', 'tests/scenarios'],
  /** The built console in Chromium. */
  e2e: ['tests/e2e'],
} as const;

export type ProjectName = keyof typeof PROJECTS;

/**
 * Every project's files share their worker's loaded modules (vitest `isolate: false`): a file then costs its own
 * tests, not another evaluation of the server, the contracts, zod, React and Blueprint (about 60 % of the CPU of
 * an API file, and 45 % of the unit project's, when each file loaded them anew). Their code keeps no module state
 * (no singletons: house style); tests/helpers/setup-file.ts puts timers, spies and the environment back after
 * each file, and a jsdom file still gets a window of its own (vitest sets the environment up per file).
 */

/** Browser suites at once (`E2E_WORKERS=n` tries another figure). */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 3;

const shared = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  setupFiles: ['tests/helpers/setup-file.ts'],
  env: {
    // A mock process a test starts (crash rounds, `npm run mock`, the dev server) would otherwise build every
    // shipped state in the background at the dev password cost: minutes of CPU no test waits for.
    // tests/api/qa-states.test.ts builds the ones it loads itself.
    MOCK_STATES_WARM: '0',
  },
};

export default defineConfig({
  test: {
    // expect.poll waits for a state (a row in the database, a value an answer sets); its default second is shorter
    // than one answer takes on two busy cores. A poll that never succeeds still fails, within the test's time.
    expect: { poll: { timeout: 15_000 } },
    // Two cores: browser suites and the crash test each start processes of their own.
    maxWorkers: 2,
    projects: (Object.keys(PROJECTS) as ProjectName[]).map((name) => ({
      extends: true as const,
      test: {
        ...shared,
        name,
        include: PROJECTS[name].map((dir) => `${dir}/**/*.test.{ts,tsx}`),
        isolate: false,
        ...(name === 'e2e'
          ? {
              // One Chromium per worker for every browser suite (tests/e2e/helpers/browser.ts).
              globalSetup: ['tests/e2e/helpers/global-setup.ts'],
              // A failed browser test prints what its pages showed (tests/e2e/helpers/failure-witness.ts).
              setupFiles: [...shared.setupFiles, 'tests/e2e/helpers/setup-file.ts'],
              // Browser suites wait on the clock here and there (a 5 s refresh, a 10 s poll, a quiet network):
              // two of them left a fifth of two cores idle. They run as a group of their own, after the others.
              maxWorkers: E2E_WORKERS,
              sequence: { groupOrder: 1 },
              // A browser test is bounded by its states (locators wait up to 30 s each); its own bound only
              // ends a test that hangs, so it leaves room for three suites on two cores.
              testTimeout: 90_000,
            }
          : {}),
      },
    })),
  },
});
