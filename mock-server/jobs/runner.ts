import { BATCH_JOB_THRESHOLD, FrameType, pickLocale, type JobProgressData, type Locale } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { formatDateTime } from '../services/clock.ts';
import type { ServerConfig } from '../services/config.ts';
import type { CallAs, JobKind, JobServices, StepOutcome } from './kind.ts';
import { ABNORMAL, COMPLETED, IN_PROGRESS, jobMessage, jobStore, type JobPatch, type JobRow } from './store.ts';

export interface JobOptions {
  /** Run steps on timers, off the request path. Default: true but in test mode (tests step through the control API). */
  readonly timers?: boolean;
  /** Shortest pause between two steps on timers (ms); a slow step is followed by a pause as long as itself. Default 5. */
  readonly stepGapMs?: number;
  /** A batch update naming more QR codes than this becomes a job. Default BATCH_JOB_THRESHOLD (tests lower it). */
  readonly batchThreshold?: number;
}

export interface JobRunnerDeps {
  /** What the kinds use, plus the operating user's sockets (progress frames) and the mode (timers or not). */
  readonly services: JobServices & { readonly realtime: Pick<RealtimeHub, 'push'>; readonly config: Pick<ServerConfig, 'mode'> };
  readonly callAs: CallAs;
  readonly kinds: readonly JobKind[];
  /** Folder for result files (the kinds make it when they first write). */
  readonly dataDir: string;
  readonly log: (line: string) => void;
}

/**
 * The background job runner. A job is a row of `async_operations`; each step runs the kind's step function,
 * then commits its writes and the row's progress in one transaction and pushes a type-20 frame to the
 * operating user. Steps of all jobs run one at a time (oldest job first): on timers in dev and production,
 * only through `step()` (the control API) in test mode, so tests move jobs deterministically.
 */
export function createJobRunner(deps: JobRunnerDeps, options: JobOptions = {}) {
  const { services, callAs, dataDir, log } = deps;
  const { db, clock } = services;
  const store = jobStore(db);
  const kinds = new Map(deps.kinds.map((k) => [k.type, k]));
  const timers = options.timers ?? services.config.mode !== 'test';
  const gap = options.stepGapMs ?? 5;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<JobRow | null> | null = null;
  let stopped = false;

  const now = () => formatDateTime(clock.now());

  function push(row: JobRow): void {
    const data: JobProgressData = {
      id: row.id,
      type: row.type,
      status: row.status as JobProgressData['status'],
      progress: row.progress,
      message: jobMessage(row, pickLocale(row.locale)),
      link: row.link,
    };
    services.realtime.push(row.user_id, FrameType.values.job_progress, data);
  }

  /** `patch` is read after `write` ran (a kind may report what its write did), in the same transaction. */
  function finish(id: number, patch: () => JobPatch, write?: () => void): JobRow | null {
    if (!db.open) return null;
    const row = db.transaction(() => {
      const current = store.get(id);
      // Reset by the control API, or ended meanwhile: nothing to write.
      if (!current || current.status !== IN_PROGRESS) return null;
      write?.();
      store.update(id, patch(), now());
      return store.get(id) ?? null;
    })();
    if (row) push(row);
    return row;
  }

  function fail(id: number, e: unknown): JobRow | null {
    if (!(e instanceof ApiError)) log(`job ${id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    const patch: JobPatch =
      e instanceof ApiError
        ? { status: ABNORMAL, message: e.message, vars: Object.fromEntries(Object.entries(e.vars).filter(([k]) => k !== 'field')) }
        : { status: ABNORMAL, message: 'errors.internal', vars: {} };
    return finish(id, () => patch);
  }

  async function runOne(job: JobRow): Promise<JobRow | null> {
    const kind = kinds.get(job.type);
    if (!kind) return fail(job.id, new ApiError(500, 'errors.internal'));
    let outcome: StepOutcome;
    try {
      outcome = await kind.step({ services, callAs, dataDir }, job);
    } catch (e) {
      return fail(job.id, e);
    }
    const patch = (): JobPatch =>
      outcome.done
        ? { status: COMPLETED, progress: 100, message: outcome.message, vars: outcome.vars ?? {}, link: outcome.link ?? '', file: outcome.file, stepped: true }
        : { progress: Math.max(0, Math.min(99, Math.floor(outcome.progress))), cursor: outcome.cursor, stepped: true };
    try {
      return finish(job.id, patch, () => outcome.write?.());
    } catch (e) {
      return fail(job.id, e);
    }
  }

  /** One step of job `id`, or of the oldest job in progress; null when there is none (or it is not in progress). */
  function step(id?: number): Promise<JobRow | null> {
    // Steps never overlap: a second caller waits for the running step, then takes its own.
    const previous = running ?? Promise.resolve(null);
    const next = previous.then(() => {
      const job = id === undefined ? store.oldestRunning() : store.get(id);
      return job && job.status === IN_PROGRESS ? runOne(job) : null;
    });
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  /**
   * The next step after a pause at least as long as the last step took: a step holds the event loop (SQLite
   * is synchronous), so jobs get at most half of it and a request waits for one step at most.
   */
  function schedule(pause = gap): void {
    if (!timers || stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (!db.open) return;
      const started = performance.now();
      step()
        .then(() => {
          if (db.open && store.oldestRunning()) schedule(Math.max(gap, Math.round(performance.now() - started)));
        })
        // Only when the database closed under a step (server shutdown): nothing left to record.
        .catch((e: unknown) => log(`jobs: step stopped: ${String(e)}`));
    }, pause);
    timer.unref();
  }

  return {
    dataDir,
    batchThreshold: options.batchThreshold ?? BATCH_JOB_THRESHOLD,
    /** Start a job for `userId`: the row is committed (and pushed) before the request answers. */
    enqueue(userId: number, type: number, params: unknown, cursor: unknown, locale: Locale): JobRow {
      const id = store.insert(userId, type, params, cursor, locale, now());
      const row = store.get(id)!;
      push(row);
      schedule();
      return row;
    },
    step,
    /**
     * Server start: jobs a killed server left half-way become abnormal ("interrupted") and their kind removes
     * what they left (a partial export file); jobs that were queued and never started are resumed (on timers;
     * in test mode by `job_step`). Answers how many were interrupted.
     */
    recover(): number {
      const interrupted = store.markInterrupted(now());
      for (const job of interrupted) {
        try {
          kinds.get(job.type)?.abandon?.({ services, callAs, dataDir }, job);
        } catch (e) {
          log(`jobs: cleaning up job ${job.id} failed: ${String(e)}`);
        }
      }
      if (interrupted.length) log(`jobs: ${interrupted.length} interrupted job(s) marked abnormal`);
      const queued = store.queued();
      if (queued) {
        log(`jobs: ${queued} queued job(s) resumed`);
        schedule();
      }
      return interrupted.length;
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
