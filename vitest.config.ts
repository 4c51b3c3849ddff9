import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state (a row in the database, a value an answer sets); its default second is shorter
    // than one answer takes on two busy cores. A poll that never succeeds still fails, within the test's time.
    expect: { poll: { timeout: 15_000 } },
    // Two cores: browser suites and the crash test each start processes of their own.
    maxWorkers: 2,
  },
});
