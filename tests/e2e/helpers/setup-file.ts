import { afterEach, beforeEach } from 'vitest';
import { forgetClosedPages, witnessFailure } from './failure-witness.ts';

/** Runs around every browser test file (vitest.config.ts, e2e project): a failed test says what its pages showed. */
beforeEach(forgetClosedPages);
afterEach(({ task }) => witnessFailure(task), 30_000);
