import { afterAll, vi } from 'vitest';

/**
 * Runs around every test file of every project (vitest.config.ts `setupFiles`). Files of a project may share a
 * worker and its loaded modules, so nothing one file did to the clock, to a spied function or to the
 * environment reaches the next one.
 */
const env = { ...process.env };
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
