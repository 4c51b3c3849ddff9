import express, { type NextFunction, type Request, type Response } from 'express';
import { tokenOf } from '../http/router.ts';
import type { z } from 'zod';
import { controlBodies, qaControlAnswers, qaControlBodies, type QaControlAnswer, type QaControlName } from '../../contracts/index.ts';
import { parseBody } from '../services/call-checks.ts';
import type { Services } from '../compose.ts';
import { controlUserId, type ControlUser } from './control.ts';
import { controlJson } from './control-json.ts';
import { createFrameFaults } from './frame-faults.ts';
import { createJournal, type ResolvedQuery } from './journal.ts';
import { createStateGate, type StateGateOptions } from './state-gate.ts';
import { createStates } from './states.ts';

export interface QaToolOptions {
  /** The live database file (named states need one). */
  readonly dbPath: string;
  /** Entries the journal keeps (default 5000; 0: no journal). */
  readonly journalSize?: number;
  /** Bytes the journal keeps at most (default 32 MiB). */
  readonly journalBytes?: number;
  /** Characters of one body the journal keeps (default 64 KiB). */
  readonly journalBodyCap?: number;
  /** Folder of saved states (default `states/` next to the database). */
  readonly statesDir?: string;
  /** Root of the shipped states' cache (default MOCK_STATES_CACHE, else node_modules/.cache/qr-console-states). */
  readonly statesCache?: string;
  /** How long calls wait for a load, and a load for running calls (state-gate.ts). */
  readonly stateGate?: StateGateOptions;
}

/**
 * The mock's QA tools (dev and test modes): journal, named states, frame faults. Built by app.ts next to the
 * control API; the hub gets the frame tap, `/api` gets the journal's middleware, `/__control` this router
 * in front of the main control router (names it does not know fall through to that one).
 */
export function createQaTools(services: Services, options: QaToolOptions) {
  const journal = createJournal({ users: services.users, maxEntries: options.journalSize, maxBytes: options.journalBytes, bodyCap: options.journalBodyCap });
  const faults = createFrameFaults(journal);
  const gate = createStateGate(options.stateGate);
  const states = createStates(services, { dbPath: options.dbPath, dir: options.statesDir, cacheDir: options.statesCache, gate });
  services.realtime.setTap(faults.tap);

  const userIdOf = (to: ControlUser) => controlUserId(services.users, to);
  function resolve<Q extends { user?: ControlUser }>(q: Q): Omit<Q, 'user'> & ResolvedQuery {
    const { user, ...rest } = q;
    return { ...rest, ...(user ? { user_id: userIdOf(user) } : {}) } as Omit<Q, 'user'> & ResolvedQuery;
  }

  type Body<N extends QaControlName> = z.output<(typeof qaControlBodies)[N]>;
  const actions: { [N in QaControlName]: (body: Body<N>, req: Request) => QaControlAnswer<N> | Promise<QaControlAnswer<N>> } = {
    journal: (q) => journal.query(resolve(q)),
    'journal/count': (q) => ({ count: journal.count(resolve(q)) }),
    'journal/clear': () => ({ cleared: journal.clear() }),
    'journal/stats': () => journal.stats(),
    'state/save': ({ name }) => states.save(name),
    'state/load': async ({ name }) => {
      faults.stop();
      return states.load(name);
    },
    'state/list': () => states.list(),
    frame_fault: ({ to, action, count, delay_ms }) => ({ pending: faults.add(userIdOf(to), action, count, delay_ms) }),
    cut: ({ to }) => ({ cut: services.realtime.cutUser(userIdOf(to)) }),
    clear_frame_faults: () => {
      faults.clear();
      return null;
    },
    // The console sends its session's token as on its API calls: the effects are that user's.
    console_effects: ({ session, effects }, req) => ({ kept: journal.effects(journal.userOfToken(tokenOf(req)), session, effects) }),
  };

  const router = express.Router();
  router.use(controlJson());
  // `reset` (the main control router's) also empties the journal and forgets frame faults.
  router.post('/reset', (req: Request, _res: Response, next: NextFunction) => {
    // A refused body changes nothing: checked here too, before the journal and frame faults go.
    parseBody(controlBodies.reset, req.body);
    faults.stop();
    journal.clear();
    next();
  });
  router.post(['/:name', '/:group/:op'], async (req: Request<{ name?: string; group?: string; op?: string }>, res: Response, next: NextFunction) => {
    const name = req.params.name ?? `${req.params.group}/${req.params.op}`;
    if (!Object.hasOwn(qaControlBodies, name)) return next();
    const n = name as QaControlName;
    const body: unknown = parseBody(qaControlBodies[n], req.body);
    const run = actions[n] as (body: unknown, req: Request) => unknown;
    res.json({ status: true, data: qaControlAnswers[n].parse(await run(body, req)) });
  });

  return {
    router,
    journal,
    states,
    faults,
    /** In front of the calls that use the live database (API, visits, uploads, downloads): a load waits for them. */
    gate,
    /** Server close: delayed frames are forgotten, long polls answer, and the hub writes frames itself again. */
    stop() {
      faults.stop();
      journal.stop();
      states.stop();
      services.realtime.setTap(null);
    },
  };
}
export type QaTools = ReturnType<typeof createQaTools>;
