import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Database } from 'better-sqlite3';
import { API_PREFIX, buildOpenApi, calls, CONTROL_PREFIX, fileAdd, SHORT_PREFIX, UPLOAD_URL_PREFIX, VISIT_PREFIX } from '../contracts/index.ts';
import { openDatabase } from './db/open.ts';
import { seedDatabase, isSeeded } from './seed/seed.ts';
import { handlers } from './handlers/index.ts';
import { apiNotFound, createErrorHandler } from './http/error-handler.ts';
import { createCallRouter } from './http/router.ts';
import { callAsUser } from './http/handler.ts';
import { createVisitRouter } from './qr/visit-router.ts';
import { createUploadRouter } from './uploads/router.ts';
import { createControl } from './control/control.ts';
import { controlGuard } from './control/control-guard.ts';
import { cockpitPage, COCKPIT_DIST } from './control/cockpit-page.ts';
import { noStore, securityHeaders } from './http/security-headers.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { createServices, type ServerMode, type Services } from './compose.ts';
import { serverIpGuard } from './http/ip-guard.ts';
import { checkRawBody, refuseLoneSurrogates, requireJsonBody } from './http/json-body.ts';
import { staticSite } from './http/static-site.ts';
import { clientAddress, clientIpOf, trustOneLoopbackHop } from './security/client-ip.ts';
import type { JobOptions } from './jobs/runner.ts';
import { OWASP_SCRYPT, TEST_SCRYPT, type ScryptCost } from './services/passwords.ts';
import { createQaTools, type QaTools } from './control/qa-control.ts';
import type { StateGateOptions } from './control/state-gate.ts';
import { createOutside, type OutsideOptions } from './outside/index.ts';
import { hashToken } from './services/sessions.ts';
import type { ServerConfig } from './services/config.ts';

export interface MockServerOptions {
  /** SQLite file, or ':memory:' (tests). */
  dbPath: string;
  /**
   * ':memory:' only: a serialized database to start from (harness/seeded-image.ts: migrated, and seeded when the
   * seed depends on nothing but the image's key). Migrations and the seed still run on it if it lacks them.
   */
  image?: Buffer;
  /** Seed from fixtures/ when the database is empty. Default true. */
  seed?: boolean;
  /** Default 'production'. 'test' also lowers the scrypt cost. */
  mode?: ServerMode;
  clock?: Clock;
  /** Built console to serve at / (e.g. dist/client). */
  staticDir?: string;
  /** Built QA cockpit served at `/__control/cockpit/` in dev and test modes (default dist/cockpit of this repository). */
  cockpitDir?: string;
  /** Idle minutes after which a session ends. Default 720. */
  sessionIdleMinutes?: number;
  scrypt?: ScryptCost;
  log?: (line: string) => void;
  /** Origins allowed to open the WebSocket besides this server's own (dev/test also allow any loopback origin). */
  allowedOrigins?: readonly string[];
  /** Random source of random rotation on the visit path (tests inject one). Default Math.random. */
  visitRandom?: () => number;
  /**
   * Folder of uploaded files (`file/add`). Default: `uploads/` next to the database file; for ':memory:' a
   * temporary folder removed when the server closes.
   */
  uploadDir?: string;
  /** Lets non-loopback peers use the control API when sent in `x-control-token` (MOCK_CONTROL_TOKEN). */
  controlToken?: string;
  /** Background jobs: whether steps run on timers (default: not in test mode), the batch-update threshold. */
  jobs?: JobOptions;
  /** The live statistics feed's send interval (default 1 s); null: only when a test flushes it. */
  liveFlushMs?: number | null;
  /**
   * QA tools (dev/test): the journal's bounds (entries, default 5000, MOCK_JOURNAL_SIZE; bytes, default 32 MiB,
   * MOCK_JOURNAL_BYTES; characters per body, default 64 KiB, MOCK_JOURNAL_BODY_BYTES), the folder of saved
   * states and the shipped states' cache (MOCK_STATES_CACHE).
   */
  qa?: { journalSize?: number; journalBytes?: number; journalBodyCap?: number; statesDir?: string; statesCache?: string; stateGate?: StateGateOptions };
  /** A real service: forward and record (`proxy` + `record`), or answer from a recording (`replay`). */
  outside?: OutsideOptions;
  /** The password-transport key to store when the database holds none (ServerConfig.rsaPrivatePem). */
  rsaPrivatePem?: string;
}

/** A superset of the upload router's paths (`POST /api/file/add`, `GET /uploads/:name`), any case. */
const UPLOAD_PREFIXES = [`${API_PREFIX}${fileAdd.path}`, UPLOAD_URL_PREFIX].map((p) => p.toLowerCase());
const mayBeUpload = (path: string) => {
  const lower = path.toLowerCase();
  return UPLOAD_PREFIXES.some((p) => lower.startsWith(p));
};

export interface MockServer extends http.Server {
  readonly mock: { readonly services: Services; readonly db: Database; readonly app: express.Express; readonly uploadDir: string; readonly qa: QaTools | null };
}

/**
 * The document served at /api/openapi.json. Built on first request, not at start: every start (`npm run dev`'s
 * mock among them) paid for a document most runs never ask for. Made of the fixed call registry only, so it is
 * the same for every server of a process and made once (a test process starts dozens; each made it again, 0.2 s).
 */
let openApiDocument: ReturnType<typeof buildOpenApi> | null = null;
const servedOpenApi = () => (openApiDocument ??= buildOpenApi(calls, { title: 'QR console mock API', version: '1' }));

/** The services' config from the server's options (their defaults filled in). */
export function serverConfig(options: MockServerOptions): ServerConfig {
  const mode = options.mode ?? 'production';
  return {
    mode,
    sessionIdleMs: (options.sessionIdleMinutes ?? 720) * 60_000,
    scrypt: options.scrypt ?? (mode === 'test' ? TEST_SCRYPT : OWASP_SCRYPT),
    liveFlushMs: options.liveFlushMs,
    rsaPrivatePem: options.rsaPrivatePem,
  };
}

/**
 * Build the whole mock backend on one HTTP server: the API under /api/, the OpenAPI document, the built
 * console, and (added by the realtime module) the WebSocket. Listens only when the caller says so.
 */
export function createMockServer(options: MockServerOptions): MockServer {
  const mode = options.mode ?? 'production';
  const log = options.log ?? ((line: string) => console.error(line));
  const db = openDatabase(options.dbPath, options.image);
  // Export files live next to the database file; an in-memory database gets a private temporary folder.
  const memory = options.dbPath === ':memory:';
  const dataDir = memory
    ? path.join(os.tmpdir(), `qr-mock-jobs-${process.pid}-${randomUUID()}`)
    : path.join(path.dirname(path.resolve(options.dbPath)), 'exports');
  const services = createServices(db, options.clock ?? systemClock, serverConfig(options), log, { callAs: (bag) => callAsUser(handlers, bag), dataDir, options: options.jobs });
  if ((options.seed ?? true) && !isSeeded(db)) seedDatabase(services);
  // A killed server leaves its running jobs "in progress": started ones are abnormal now (never resumed, partial
  // files removed), queued ones that never took a step are resumed.
  services.jobs.recover();
  services.shield.start();
  // Log retention (log_config): honoured on start, hourly, and at once when the config changes.
  services.audit.prune();
  const pruneTimer = setInterval(() => services.audit.prune(), 3_600_000).unref();

  const app = express();
  app.disable('x-powered-by');
  // No ETag on res.json answers: API calls are POSTs, never conditional, and the hash cost every answer.
  // Static files keep theirs (express.static sets its own).
  app.set('etag', false);
  // One hop, from a loopback peer only (Vite's proxy under `npm run dev`): mock-server/security/client-ip.ts.
  app.set('trust proxy', trustOneLoopbackHop);
  // The client address, worked out once and canonical (no port, one spelling): every later `req.ip` reads it.
  app.use(clientAddress);
  app.use(securityHeaders);
  const outside = createOutside(options.outside, log, {
    allowedOrigins: options.allowedOrigins,
    // Each session the replay hands out is one of the mock's too (the recorded account, or one of its role kind):
    // the hub takes the console's socket, and the mock answers what was never recorded (outside/replay.ts).
    openSession: (account, kind) => {
      const user = services.users.byAccount(account) ?? (kind === null ? undefined : services.users.firstOfKind(kind));
      if (!user) return null;
      const token = services.sessions.create(user.id, '127.0.0.1');
      return { token, realtime_key: services.realtimeKeys.keyFor(hashToken(token)), account: user.account };
    },
  });
  app.use(['/api', CONTROL_PREFIX], noStore);
  const temporaryUploads = !options.uploadDir && options.dbPath === ':memory:';
  const uploadDir = options.uploadDir
    ?? (temporaryUploads ? fs.mkdtempSync(path.join(os.tmpdir(), 'qr-uploads-')) : path.join(path.dirname(path.resolve(options.dbPath)), 'uploads'));
  // Journal, named states and frame faults (docs/mock-and-qa-tools.md), dev/test. The journal sees every API call,
  // visit, upload and download (it leaves out the control API and the console's own files).
  const qa = mode === 'production' ? null : createQaTools(services, { dbPath: options.dbPath, ...options.qa });
  if (qa) app.use(qa.journal.http);
  // The console black list (issue 13) refuses every call from a listed address, login and uploads included.
  const consoleGuard = serverIpGuard(services);
  app.use(['/api', '/uploads'], consoleGuard);
  // The control API and its HTTP fault injector exist only in dev and test modes (docs/mock-and-qa-tools.md).
  const control = mode === 'production' ? null : createControl(services);
  // The QA cockpit's page (GET) first: the control routers answer POSTs only.
  if (control && qa) app.use(CONTROL_PREFIX, controlGuard(options.controlToken), cockpitPage(options.cockpitDir ?? COCKPIT_DIST), qa.router, control.router);
  if (outside?.beforeBodies) app.use(outside.beforeBodies);
  // Faults before the gate: a request a fault holds never counts as a call a state load waits for.
  if (control) app.use('/api', control.injectFaults);
  if (qa) app.use(['/api', VISIT_PREFIX, SHORT_PREFIX, UPLOAD_URL_PREFIX], qa.gate.middleware);
  // Multipart uploads stream through their own route, before the JSON parser (which would read any body).
  // Entered only for paths its two routes can match (Express matches them case-insensitively, with an optional
  // trailing slash): a nested router costs every other API call a few µs of routing (bench:api).
  const uploads = createUploadRouter(services, uploadDir);
  app.use((req, res, next) => (mayBeUpload(req.path) ? uploads(req, res, next) : next()));
  // JSON calls take JSON only (415 otherwise; the upload call says multipart), and no lone surrogate (400).
  app.use('/api', requireJsonBody((p) => (mayBeUpload(`/api${p}`) ? 'multipart/form-data' : 'application/json')));
  app.use('/api', express.json({ limit: '1mb', strict: true, verify: checkRawBody }), refuseLoneSurrogates);
  if (outside?.afterBodies) app.use(outside.afterBodies);
  app.get('/api/openapi.json', (_req, res) => {
    res.json(servedOpenApi());
  });
  app.use(createCallRouter(services, handlers));
  app.use('/api', apiNotFound);
  app.use(createVisitRouter(services, options.visitRandom ? { random: options.visitRandom } : {}));
  if (options.staticDir && fs.existsSync(options.staticDir)) {
    // Precompressed br/gzip, a year for hashed assets, no-cache for index.html (http/static-site.ts).
    app.use(staticSite(options.staticDir));
  }
  app.use(createErrorHandler(log));

  // Recording or replaying: a request addressed to another host (absolute form, Host) or stepping out of its path
  // is refused before anything reads it (mock-server/outside/request-target.ts).
  const server = http.createServer(outside ? (req, res) => void (outside.screen(req, res) || app(req, res)) : app);
  server.on('close', () => {
    clearInterval(pruneTimer);
    qa?.stop();
    control?.stop();
    services.jobs.stop();
    services.shield.stop();
    db.close();
    if (temporaryUploads) fs.rmSync(uploadDir, { recursive: true, force: true });
    if (memory) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // Behind --proxy the real service's WebSocket is relayed instead of the hub's.
  if (outside?.attachWebSocket) outside.attachWebSocket(server);
  else
    services.realtime.attach(server, {
      allowedOrigins: options.allowedOrigins ?? [],
      allowLoopbackOrigins: mode !== 'production',
      refuse: (req) => !!consoleGuard.blocked(clientIpOf(req)),
    });
  // Upgraded sockets keep an http.Server from closing: close them (with 1001) whenever the server is closed.
  const closeHttp = server.close.bind(server);
  server.close = (callback?: (err?: Error) => void) => {
    services.realtime.shutdown();
    // Requests a fault holds would keep the server from closing.
    control?.stop();
    outside?.close();
    services.live.stop();
    return closeHttp(callback);
  };
  return Object.assign(server, { mock: { services, db, app, uploadDir, qa } });
}
