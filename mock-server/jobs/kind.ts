import type { Database } from 'better-sqlite3';
import type { Chain } from '../chain/chain.ts';
import type { CallAs } from '../services/call-checks.ts';
import type { Clock } from '../services/clock.ts';
import type { Settings } from '../services/settings.ts';
import type { Users } from '../services/users.ts';
import type { JobRow } from './store.ts';

/** What job kinds read and write (the narrow part of the server's services they use). */
export interface JobServices {
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: Settings;
  readonly users: Users;
  readonly chain: Chain;
}

/**
 * A registered call made as `user` would make it, through its own handler (so its owner scope applies); the
 * composition root binds it to the handler table. An export job reads its pages this way.
 */
export type { CallAs };

/** What a job kind's step may use. */
export interface StepContext {
  readonly services: JobServices;
  readonly callAs: CallAs;
  /** Folder for result files (exports). */
  readonly dataDir: string;
}

/**
 * What one step did. `write` runs inside the transaction that also moves the job's row, so the kind's own
 * rows and the job's cursor commit together (a crash leaves both at the same step). The other fields are
 * read after `write` ran, so a kind may report what the write did (through getters).
 */
export type StepOutcome =
  | { readonly done: false; readonly progress: number; readonly cursor: unknown; write?(): void }
  | {
      readonly done: true;
      /** i18n key of the final message and its values. */
      readonly message: string;
      readonly vars?: Record<string, string | number>;
      readonly link?: string;
      readonly file?: string;
      write?(): void;
    };

/**
 * A kind of background job: one small step at a time, reading its input from `job.params` and where it got
 * to from `job.cursor`. Throwing an ApiError ends the job as abnormal with that message.
 */
export interface JobKind {
  readonly type: number;
  step(ctx: StepContext, job: JobRow): StepOutcome | Promise<StepOutcome>;
  /**
   * Server start: the job was interrupted after `job.steps` steps (its row is now abnormal). Remove what a
   * half-done run leaves behind (a partial export file). Must not throw.
   */
  abandon?(ctx: StepContext, job: JobRow): void;
}
