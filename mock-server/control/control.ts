import express, { type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  CloseCode,
  CloseReason,
  controlAnswers,
  controlBodies,
  type ControlAnswer,
  type ControlName,
} from '../../contracts/index.ts';
import { resetDatabase } from '../seed/seed.ts';
import { parseBody } from '../services/call-checks.ts';
import { ApiError, badRequest, notFound } from '../services/errors.ts';
import type { Services } from '../compose.ts';
import type { Users } from '../services/users.ts';
import { createShieldControl } from '../shield/control.ts';
import { formatDateTime } from '../services/clock.ts';
import { chainControlActions } from '../chain/control.ts';
import { controlJson } from './control-json.ts';
import { createHttpFaults } from './http-faults.ts';

/** How a control body names a user: by id, or by account. */
export interface ControlUser {
  readonly account?: string;
  readonly user_id?: number;
}

/** The id of the user a control body names; 404 when there is none (the control and QA routers alike). */
export function controlUserId(users: Pick<Users, 'byId' | 'byAccount'>, to: ControlUser): number {
  const user = to.user_id !== undefined ? users.byId(to.user_id) : users.byAccount(to.account ?? '');
  if (!user) throw notFound('errors.user_not_found');
  return user.id;
}

/**
 * The control API (contracts/realtime/control.ts) and the HTTP fault injector it drives. app.ts mounts both
 * only in 'dev' and 'test' modes, so a production server answers 404 under /__control/ and never injects.
 */
export function createControl(services: Services) {
  const faults = createHttpFaults();

  const userIdOf = (to: ControlUser) => controlUserId(services.users, to);

  type Body<N extends ControlName> = z.output<(typeof controlBodies)[N]>;
  const actions: { [N in ControlName]: (body: Body<N>) => ControlAnswer<N> | Promise<ControlAnswer<N>> } = {
    push: ({ to, type, data }) => ({ delivered: services.realtime.pushAny(userIdOf(to), type, data) }),
    broadcast: ({ type, data }) => ({ delivered: services.realtime.pushAllAny(type, data) }),
    close: ({ to, code, reason }) => ({ closed: services.realtime.closeUser(userIdOf(to), code, reason) }),
    drop_all: ({ code }) => ({ closed: services.realtime.closeAll(code, CloseReason.dropped) }),
    http_fault: ({ path, count, status, message, delay_ms, fault, after_call, dribble }) => {
      faults.add(path, { count, status: status ?? null, message, delay_ms, fault: fault ?? null, after_call, dribble: dribble ?? null });
      return null;
    },
    clear_faults: () => {
      faults.clear();
      return null;
    },
    reset: ({ keep_sessions }) => {
      // Sockets close either way: a kept session's console reconnects with its token (4010 says so).
      services.realtime.closeAll(CloseCode.values.server_restarting, CloseReason.reset);
      faults.clear();
      resetDatabase(services, { keepSessions: keep_sessions });
      return null;
    },
    state: () => ({
      sockets: services.realtime.sockets(),
      faults: faults.list(),
      held: faults.held(),
    }),
    mysql_lock: ({ thread_id, query, state, start_time }) => {
      const at = start_time ?? formatDateTime(services.clock.now());
      const sql = 'INSERT INTO mysql_locks (thread_id, query, state, start_time) VALUES (?, ?, ?, ?)';
      try {
        return { id: Number(services.db.prepare(sql).run(thread_id, query, state, at).lastInsertRowid) };
      } catch {
        throw badRequest('thread_id: a lock of this thread already exists');
      }
    },
    telegram_sent: ({ user_id }) => ({
      messages: services.db
        .prepare('SELECT user_id, chat_id, text, send_time FROM telegram_outbox WHERE ? IS NULL OR user_id = ? ORDER BY id DESC LIMIT 200')
        .all(user_id ?? null, user_id ?? null) as { user_id: number; chat_id: number; text: string; send_time: string }[],
    }),
    telegram_bind: ({ to, platform_account, platform_nickname, chat_id, language }) => {
      const userId = userIdOf(to);
      const sql = `INSERT INTO telegram_bindings (user_id, language, platform_account, platform_nickname, chat_id, binding_time)
        VALUES (?, ?, ?, ?, ?, ?)`;
      try {
        const at = formatDateTime(services.clock.now());
        return { id: Number(services.db.prepare(sql).run(userId, language, platform_account, platform_nickname, chat_id, at).lastInsertRowid) };
      } catch {
        throw badRequest('chat_id: this chat is already bound');
      }
    },
    mysql_slow_thread: (b) => ({
      id: Number(
        services.db
          .prepare('INSERT INTO mysql_slow_threads (thread_id, time, db, host, command, user, sql) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(b.thread_id, b.time, b.db, b.host, b.command, b.user, b.sql).lastInsertRowid,
      ),
    }),
    job_step: async ({ id, count }) => {
      const last = new Map<number, { id: number; status: number; progress: number }>();
      let stepped = 0;
      for (; stepped < count; stepped++) {
        const row = await services.jobs.step(id);
        if (!row) break;
        last.set(row.id, { id: row.id, status: row.status, progress: row.progress });
      }
      return { stepped, jobs: [...last.values()] };
    },
    ...chainControlActions(services),
  };

  const router = express.Router();
  router.use(controlJson());
  router.use('/shield', createShieldControl(services));
  // `chain/<op>`: the simulated chain's group (mock-server/chain/control.ts).
  router.post(['/:name', '/chain/:op'], async (req: Request<{ name?: string; op?: string }>, res: Response) => {
    const name = req.params.op !== undefined ? `chain/${req.params.op}` : (req.params.name ?? '');
    if (!Object.hasOwn(controlBodies, name)) throw new ApiError(404, 'errors.control_unknown', { name });
    const n = name as ControlName;
    const body: unknown = parseBody(controlBodies[n], req.body);
    const run = actions[n] as (body: unknown) => unknown;
    const data = controlAnswers[n].parse(await run(body));
    res.json({ status: true, data });
  });
  // Anything else under /__control: named in the envelope, like every refusal (the QA router passed it on).
  router.use((req: Request) => {
    if (req.method !== 'POST') throw new ApiError(405, 'errors.control_method');
    throw new ApiError(404, 'errors.control_unknown', { name: req.path.replace(/^\/+/, '') });
  });

  return {
    router,
    /** Before the call router and the upload route: a pending fault of `/api/<path>` (http-faults.ts). */
    injectFaults: faults.middleware,
    /** Server close: held requests and trickling answers end. */
    stop: () => faults.clear(),
  };
}
