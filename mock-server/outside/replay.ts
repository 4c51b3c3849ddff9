import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { maskSecrets } from '../control/journal.ts';
import { callPathOf } from './drift.ts';
import type { Exchange } from './record.ts';

/**
 * `npm run mock -- --replay DIR [--unrecorded mock|501]`: answers `/api/*` from a recording made by `--record`.
 * A request meets the recordings of its call with the same (masked) body, in the order they were recorded (the
 * last one repeats); a body never recorded gets the call's last recording. A call never recorded falls through to
 * the mock (`mock`, the default) or answers 501 (`501`). Mount after the JSON parser: it compares parsed bodies.
 */
export function createReplayer(options: { dir: string; unrecorded: 'mock' | '501' }) {
  const byCall = new Map<string, Exchange[]>();
  const folder = path.join(options.dir, 'calls');
  if (!fs.existsSync(folder)) throw new Error(`--replay ${options.dir}: no recording there (calls/ is missing)`);
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
    const lines = fs.readFileSync(path.join(folder, file), 'utf8').split('\n').filter(Boolean);
    for (const l of lines) {
      const e = JSON.parse(l) as Exchange;
      byCall.set(e.call, [...(byCall.get(e.call) ?? []), e]);
    }
  }
  const cursors = new Map<string, number>();

  function pick(call: string, body: unknown): Exchange | undefined {
    const list = byCall.get(call);
    if (!list?.length) return undefined;
    const key = JSON.stringify(maskSecrets(body ?? {}));
    const same = list.filter((e) => JSON.stringify(e.request ?? {}) === key);
    if (!same.length) return list.at(-1);
    const cursor = `${call} ${key}`;
    const n = cursors.get(cursor) ?? 0;
    cursors.set(cursor, n + 1);
    return same[Math.min(n, same.length - 1)];
  }

  return {
    calls: () => [...byCall.keys()].sort(),
    middleware(req: Request, res: Response, next: NextFunction) {
      if (req.method !== 'POST' || !req.path.startsWith('/api/')) return next();
      const call = callPathOf(req.path);
      const hit = pick(call, req.body);
      if (hit) return void res.status(hit.status).json(hit.answer);
      if (options.unrecorded === 'mock') return next();
      res.status(501).json({ status: false, message: `Not recorded: ${call} (replaying ${options.dir})` });
    },
  };
}
