import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: browser suites and the crash test each start processes of their own.
    maxWorkers: 2,
  },
});
