import express, { type Request, type Response } from 'express';
import type { z } from 'zod';
import { shieldControlAnswers, shieldControlBodies, type ShieldControlAnswer, type ShieldControlName } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import { parseBody } from '../services/call-checks.ts';
import type { Database } from 'better-sqlite3';
import type { ShieldService } from './service.ts';

/** `/__control/shield/*`: the simulated WeChat checker's state and detection rounds (docs/mock-and-qa-tools.md, "Control API"). */
export function createShieldControl(services: { readonly db: Database; readonly shield: ShieldService }): express.Router {
  const { db } = services;
  type Body<N extends ShieldControlName> = z.output<(typeof shieldControlBodies)[N]>;
  const actions: { [N in ShieldControlName]: (body: Body<N>) => ShieldControlAnswer<N> } = {
    mark: ({ domain, status, message }) => {
      db.prepare('INSERT INTO shield_sim (domain, status, message) VALUES (?, ?, ?) ON CONFLICT (domain) DO UPDATE SET status = excluded.status, message = excluded.message')
        .run(domain, status, message);
      return { domain, status, known: db.prepare('SELECT 1 FROM domains WHERE domain = ?').get(domain) !== undefined };
    },
    run: ({ force }) => services.shield.detector.round(force),
    state: () => ({ marks: db.prepare<[], { domain: string; status: number; message: string }>('SELECT domain, status, message FROM shield_sim ORDER BY domain').all() }),
  };
  const router = express.Router();
  router.post('/:name', (req: Request<{ name: string }>, res: Response) => {
    const name = req.params.name;
    if (!Object.hasOwn(shieldControlBodies, name)) throw new ApiError(404, 'errors.control_unknown', { name: `shield/${name}` });
    const n = name as ShieldControlName;
    const body: unknown = parseBody(shieldControlBodies[n], req.body);
    const run = actions[n] as (body: unknown) => unknown;
    res.json({ status: true, data: shieldControlAnswers[n].parse(run(body)) });
  });
  return router;
}
