import { afterEach } from 'vitest';
import { witnessFailure } from './failure-witness.ts';

/** Runs around every browser test file (vitest.config.ts, e2e project): a failed test says what its pages showed. */
afterEach(({ task }) => witnessFailure(task), 30_000);
