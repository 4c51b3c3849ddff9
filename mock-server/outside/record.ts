import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { maskSecrets } from '../control/journal.ts';
import { callPathOf, checkAnswer, type Drift } from './drift.ts';
import { withStandIns } from './stand-ins.ts';
import { ApiError } from '../services/errors.ts';

/**
 * One recorded exchange, as a line of `<dir>/calls/<call with / as __>.jsonl`: the request with its secrets masked
 * (`***`: it is only compared), the answer with stand-ins of the same shape in their place (./stand-ins.ts).
 */
export interface Exchange {
  readonly at_ms: number;
  readonly call: string;
  readonly request: unknown;
  readonly status: number;
  readonly answer: unknown;
}

export const callFile = (dir: string, call: string) => path.join(dir, 'calls', `${call.replace(/\//g, '__')}.jsonl`);

/** Headers passed on to the real service: who calls and in which language, nothing hop-by-hop. */
const FORWARDED = ['content-type', 'token', 'authorization', 'accept-language', 'user-agent', 'accept'];

function parseJson(buffer: Buffer): unknown {
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return buffer.length ? `<${buffer.length} bytes, not JSON>` : null;
  }
}

/**
 * `npm run mock -- --proxy URL --record DIR`: every `/api/*` request goes on to the real service (raw bytes both
 * ways, so uploads and downloads pass too); each answer is checked against the call's contract, drift is logged
 * as it is found and kept in `<dir>/drift.json` (rewritten after each exchange), and the exchange is recorded with
 * secrets masked for `--replay DIR`. Only the configured origin is ever contacted: the request target reached here
 * in origin form (./request-target.ts refused anything else), and the upstream URL is that origin plus that path.
 */
export function createRecorder(options: { target: string; dir: string; log: (line: string) => void }) {
  const target = new URL(options.target);
  const client = target.protocol === 'https:' ? https : http;
  fs.mkdirSync(path.join(options.dir, 'calls'), { recursive: true });
  const drifts: (Drift & { at_ms: number })[] = [];
  let exchanges = 0;

  function writeSummary() {
    const byCall = new Map<string, number>();
    for (const d of drifts) byCall.set(d.call, (byCall.get(d.call) ?? 0) + 1);
    const summary = { target: target.origin, exchanges, drift_count: drifts.length, calls_with_drift: Object.fromEntries(byCall), drifts };
    fs.writeFileSync(path.join(options.dir, 'drift.json'), `${JSON.stringify(summary, null, 2)}\n`);
  }
  writeSummary();

  function record(call: string, requestBody: Buffer, contentType: string, status: number, answer: Buffer) {
    const json = contentType.includes('json');
    const request = json ? parseJson(requestBody) : `<${requestBody.length} bytes of ${contentType || 'unknown type'}>`;
    const body = parseJson(answer);
    exchanges += 1;
    const found = checkAnswer(call, status, body);
    for (const d of found) {
      options.log(`drift: ${d.call} ${d.field || '(answer)'}: expected ${d.expected}, got ${d.got}`);
      drifts.push({ ...d, at_ms: Date.now() });
    }
    const kept = withStandIns(call, status, body);
    for (const field of kept.misfits) options.log(`record: ${call} ${field}: no stand-in fits its contract; kept one that does not`);
    const line: Exchange = { at_ms: Date.now(), call, request: maskSecrets(request), status, answer: kept.answer };
    fs.appendFileSync(callFile(options.dir, call), `${JSON.stringify(line)}\n`);
    // Rewritten at every exchange (a small file): what it says is always the session so far.
    writeSummary();
  }

  return {
    drifts,
    /** Express middleware, mounted before everything that reads `/api` bodies. */
    middleware(req: Request, res: Response, next: NextFunction) {
      if (!req.path.startsWith('/api/')) return next();
      const call = callPathOf(req.path);
      const headers: http.OutgoingHttpHeaders = { host: target.host };
      for (const h of FORWARDED) if (req.headers[h] !== undefined) headers[h] = req.headers[h];
      if (req.headers['content-length'] !== undefined) headers['content-length'] = req.headers['content-length'];
      const sent: Buffer[] = [];
      // Never `new URL(req.url, target)`: a target such as `//host/…` would replace the origin.
      const url = new URL(`${target.origin}${req.url}`);
      if (url.origin !== target.origin) throw new ApiError(421, 'errors.request_elsewhere', { host: target.host, asked: url.host });
      const upstream = client.request(url, { method: req.method, headers }, (answer) => {
        const got: Buffer[] = [];
        res.status(answer.statusCode ?? 502);
        for (const h of ['content-type', 'content-disposition', 'cache-control']) {
          const v = answer.headers[h];
          if (v !== undefined) res.setHeader(h, v);
        }
        answer.on('data', (c: Buffer) => {
          got.push(c);
          res.write(c);
        });
        answer.on('end', () => {
          res.end();
          if (req.method === 'POST') record(call, Buffer.concat(sent), String(req.headers['content-type'] ?? ''), answer.statusCode ?? 0, Buffer.concat(got));
        });
      });
      upstream.on('error', (e) => {
        options.log(`proxy: ${call}: ${e.message}`);
        if (!res.headersSent) res.status(502).json({ status: false, message: `The real service did not answer (${e.message})` });
        else res.end();
      });
      req.on('data', (c: Buffer) => sent.push(c));
      req.pipe(upstream);
    },
    /** Write the summary file now (server close). */
    flush: writeSummary,
  };
}
export type Recorder = ReturnType<typeof createRecorder>;
