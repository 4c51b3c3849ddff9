import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { JOB_KINDS } from './jobs/kinds.ts';
import type { CallAs, CallGuards } from './services/call-checks.ts';
import { createJobRunner, type JobOptions, type JobRunner } from './jobs/runner.ts';
import type { Clock } from './services/clock.ts';
import type { ServerConfig } from './services/config.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub.ts';
import { createRealtimeKeys, type RealtimeKeys } from './realtime/keys.ts';
import { createAudit, type Audit } from './services/audit.ts';
import { loadRsaKeys, generateRsaPem, type RsaKeys } from './services/rsa.ts';
import { createSessions, type Sessions } from './services/sessions.ts';
import { createSettings, type Settings } from './services/settings.ts';
import { createUsers, type Users } from './services/users.ts';
import { createLedger, type Ledger } from './services/ledger.ts';
import { withBalancePush } from './money/balance-push.ts';
import { createShieldService, type ShieldService } from './shield/service.ts';
import { createChain, type Chain } from './chain/chain.ts';
import { watchPayments } from './money/chain-matching.ts';
import { requireMembership } from './money/membership.ts';
import { requireTargetAllowed } from './users/target-guard.ts';
import { createIpBlackCheck } from './visit-rules/ip-black.ts';
import { createLiveFeed, type LiveFeed } from './statistics/live.ts';

export type { ServerConfig, ServerMode } from './services/config.ts';

/**
 * The composition root: every service of one server, built once by `createServices` (no module singletons).
 * Handlers and the HTTP layer take this whole bag; everything it is built from declares the narrow part it
 * uses (HubDeps, JobRunnerDeps, ShieldDeps, PaymentDeps, the resource engine's EngineServices), so the leaves
 * never import this file and the plan runs one way: leaves ← compose ← http ← handlers ← app.
 */
export interface Services {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly settings: Settings;
  readonly sessions: Sessions;
  readonly users: Users;
  /** The only writer of balances (mock-server/services/ledger.ts). */
  readonly ledger: Ledger;
  readonly rsa: RsaKeys;
  /** Per-session real-time keys (mock-server/realtime/keys.ts). */
  readonly realtimeKeys: RealtimeKeys;
  /** The WebSocket hub; app.ts attaches it to the HTTP server. */
  readonly realtime: RealtimeHub;
  /** The audit log writer (table `logs`). */
  readonly audit: Audit;
  /** Background jobs (mock-server/jobs/). */
  readonly jobs: JobRunner;
  /** WeChat block detection (mock-server/shield/). */
  readonly shield: ShieldService;
  /** The simulated TRON chain (mock-server/chain/): never a network. */
  readonly chain: Chain;
  /** Live visits for access_real_time_statistics (frame 21), fed by the visit path. */
  readonly live: LiveFeed;
  /** The area rules the call router runs on each call (membership, rank and self): the HTTP layer knows no area. */
  readonly callGuards: CallGuards;
  /** The console's IP black list (server_ip_black), checked at the API, upload and socket entry points. */
  readonly serverIpBlack: ReturnType<typeof createIpBlackCheck>;
}

/**
 * What the job runner needs beyond the services: how a job makes a list call as its user (app.ts binds the
 * handler table; given the finished services, since a handler's context carries them all) and a folder.
 */
export interface JobSetup {
  readonly callAs: (services: Services) => CallAs;
  readonly dataDir: string;
  readonly options?: JobOptions;
}

const noCalls: JobSetup['callAs'] = () => () => Promise.reject(new Error('no handler table was given to the job runner'));

export function createServices(
  db: Database,
  clock: Clock,
  config: ServerConfig,
  log: (line: string) => void = (line) => console.error(line),
  jobSetup: JobSetup = { callAs: noCalls, dataDir: path.join(os.tmpdir(), 'qr-mock-jobs') },
): Services {
  const settings = createSettings(db);
  let pem = settings.get('rsa_private_pem');
  if (!pem) {
    pem = config.rsaPrivatePem ?? generateRsaPem();
    settings.set('rsa_private_pem', pem);
  }
  const storedIdle = settings.get('session_idle_minutes');
  const sessions = createSessions(db, clock, storedIdle === undefined ? config.sessionIdleMs : storedIdle * 60_000);
  const users = createUsers(db);
  const realtimeKeys = createRealtimeKeys(db);
  const realtime = createRealtimeHub({ db, clock, sessions, users, keys: realtimeKeys, log, checkFrames: config.mode !== 'production' });
  // Each balance change also reaches the user's sockets (frame 25) once committed.
  const ledger = withBalancePush(createLedger(db, clock), { db, hub: realtime });
  const audit = createAudit(db, clock);
  const chain = createChain(db, clock, log);
  const { dataDir, options } = jobSetup;
  // A job's list call needs the finished bag (its handler's context); it is only made once a job steps.
  const callAs: CallAs = (...args) => jobSetup.callAs(services)(...args);
  const services: Services = {
    db,
    clock,
    config,
    settings,
    sessions,
    users,
    ledger,
    rsa: loadRsaKeys(pem),
    realtimeKeys,
    realtime,
    live: createLiveFeed({ db, clock, hub: realtime, log, flushEveryMs: config.liveFlushMs }),
    audit,
    chain,
    jobs: createJobRunner({ services: { db, clock, config, settings, users, chain, realtime }, callAs, kinds: JOB_KINDS, dataDir, log }, options),
    shield: createShieldService({ db, clock, config, audit, realtime }, log),
    callGuards: {
      membership: requireMembership,
      target: (call, user, body) => requireTargetAllowed(db, call, user, body),
    },
    serverIpBlack: createIpBlackCheck(db, 'server_ip_black'),
  };
  // Chain payments turn matching unpaid orders paid (mock-server/money/chain-matching.ts).
  watchPayments(services);
  return services;
}
