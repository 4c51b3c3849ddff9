import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { Plugin, ProxyOptions } from 'vite';
import { SERVICE_PREFIXES } from '../contracts/server-paths.ts';

/**
 * The dev server's side of the service behind it (`npm run dev`, vite.config.ts): which paths go to it, a check
 * that the console's own files never hide under one, and a gate that holds the page and the passed-on calls until
 * the service answers (at start, and while `tsx watch` restarts the mock).
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Vite's proxy key for a service prefix: a regular expression (Vite reads a key starting with `^` as one) that
 * takes the prefix as a whole first segment, so `/api/…` and `/ws?sid=…` are passed on and `/apiary.ts` is not
 * (a plain key would match any path starting with those letters).
 */
export const proxyKeyOf = (prefix: string): string => `^${escapeRegExp(prefix)}(?:[/?]|$)`;

/**
 * The names at the top of the dev server's root and of its public folder (both are served from `/`) that a service
 * prefix would take: their files would be passed on to the service instead of served, and the page would stay
 * blank (a folder `client/api/` was served at `/api/…`, where the proxy sent it to the mock, which answered 404).
 * Compared without case: on a case-insensitive disk `/API/x.ts` and `/api/x.ts` are the same file.
 */
export function shadowingEntries(root: string, publicDir: string | false, prefixes: readonly string[] = SERVICE_PREFIXES): string[] {
  const keys = prefixes.map((p) => new RegExp(proxyKeyOf(p), 'i'));
  const found: string[] = [];
  for (const dir of publicDir ? [root, publicDir] : [root]) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) if (keys.some((k) => k.test(`/${name}`))) found.push(path.join(dir, name));
  }
  return found;
}

/** Refuse to start (a clear error, not a blank page) when a file of the console would be passed on to the service. */
export function assertNothingShadowed(root: string, publicDir: string | false): void {
  const found = shadowingEntries(root, publicDir);
  if (!found.length) return;
  throw new Error(
    `${found.map((f) => path.relative(process.cwd(), f)).join(', ')}: served at a path the dev server passes on to the service ` +
      `(${SERVICE_PREFIXES.join(', ')}), so the browser would never get it. Rename it (docs/decisions/2026-11-29-dev-server.md).`,
  );
}

/** One HTTP request to `origin` (GET /): whether anything answers, whatever the status. */
function answers(origin: string, timeoutMs: number): Promise<boolean> {
  const url = new URL('/', origin);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Whether a TCP connection to `origin`'s host and port opens (cheap enough to ask before each passed-on call). */
function listening(origin: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port, timeout: timeoutMs });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `port` on 127.0.0.1 can be listened on right now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port free right now on 127.0.0.1 (`MOCK_PORT=0`: the mock keeps it across `tsx watch` restarts; tests, benches). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolve with the milliseconds waited once `origin` answers HTTP; reject after `timeoutMs` with a sentence naming
 * it. `gone`: a promise that settles when waiting is pointless (the mock's process ended).
 */
export async function waitForAnswer(origin: string, timeoutMs: number, gone?: Promise<string>): Promise<number> {
  const started = Date.now();
  let ended: string | null = null;
  void gone?.then((why) => (ended = why));
  for (;;) {
    if (ended) throw new Error(`${origin} will not answer: ${ended}`);
    if (await answers(origin, 2_000)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${origin} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(100);
  }
}

/** How long the page and the calls wait for the service at start, and a passed-on call while the mock restarts. */
export const START_WAIT_MS = 60_000;
export const RESTART_WAIT_MS = 15_000;

/**
 * Holds what the browser asks until the service answers: every request until its first answer (so the page is
 * served only once its calls can be), then, when `whileDown`, each passed-on call until the service listens
 * again (a `tsx watch` restart of the mock takes a second or two; without this the proxy answered 502). Nothing is
 * asked of the service before the dev server's first request (a build loads the same config and starts nothing).
 */
export function createServiceGate(origin: string, options: { whileDown: boolean }) {
  let first: Promise<number> | null = null;
  let up = false;
  const started = () =>
    (first ??= waitForAnswer(origin, START_WAIT_MS).then(
      (ms) => {
        up = true;
        return ms;
      },
      (e: unknown) => {
        first = null; // the next request waits afresh: the service may come up later
        throw e;
      },
    ));
  const refuse = (res: http.ServerResponse, why: string) => {
    if (res.headersSent) return;
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
    res.end(JSON.stringify({ status: false, message: `The dev server's service is not answering: ${why}` }));
  };

  /** Vite's `bypass` of each passed-on prefix: waits, then passes the request on (or answers 503 and stops it). */
  const bypass: NonNullable<ProxyOptions['bypass']> = async (req, res) => {
    try {
      await started();
    } catch (e) {
      if (!res) return false;
      refuse(res, (e as Error).message);
      return req.url; // a string with the answer already written: Vite neither proxies nor serves it
    }
    if (!options.whileDown) return undefined;
    for (const until = Date.now() + RESTART_WAIT_MS; !(await listening(origin, 1_000)); ) {
      if (Date.now() > until) {
        if (!res) return false;
        refuse(res, `${origin} stopped listening (has the mock crashed? see its output)`);
        return req.url;
      }
      await sleep(100);
    }
    return undefined;
  };

  const plugin: Plugin = {
    name: 'service-gate',
    apply: 'serve',
    configResolved(config) {
      assertNothingShadowed(config.root, config.publicDir || false);
    },
    configureServer(server) {
      // Added here, not in a returned hook: it runs before Vite's own middlewares, the page and the proxy included.
      let told = false;
      server.middlewares.use((req, res, next) => {
        if (up) return next();
        if (!told) server.config.logger.info(`dev server: waiting for ${origin} to answer; the page is served once it does`);
        told = true;
        started().then(
          () => next(),
          (e: Error) => refuse(res, e.message),
        );
      });
    },
  };
  return { plugin, bypass, ready: started };
}
