import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { HandlerMap } from '../http/handler.ts';
import { JOB_KINDS } from '../jobs/kinds.ts';
import { createJobRunner, type JobOptions, type JobRunner } from '../jobs/runner.ts';
import type { Clock } from './clock.ts';
import type { ScryptCost } from './passwords.ts';
import { createRealtimeHub, type RealtimeHub } from '../realtime/hub.ts';
import { createRealtimeKeys, type RealtimeKeys } from '../realtime/keys.ts';
import { createAudit, type Audit } from './audit.ts';
import { loadRsaKeys, generateRsaPem, type RsaKeys } from './rsa.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createSettings, type Settings } from './settings.ts';
import { createUsers, type Users } from './users.ts';
import { createLedger, type Ledger } from './ledger.ts';
import { createShieldService, type ShieldService } from '../shield/service.ts';
import { createChain, type Chain } from '../chain/chain.ts';
import { watchPayments } from '../money/payments.ts';
import { withBalancePush } from '../money/balance-push.ts';
import { createLiveFeed, type LiveFeed } from '../statistics/live.ts';

/** dev and test modes validate every answer against its contract and enable the control API. */
export type ServerMode = 'production' | 'dev' | 'test';

export interface ServerConfig {
  readonly mode: ServerMode;
  readonly sessionIdleMs: number;
  readonly scrypt: ScryptCost;
}

/** Everything a handler may use; built once per server by `createServices` (no module singletons). */
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
}

/** What the job runner needs beyond the services: the handler table (exports run list calls) and a folder. */
export interface JobSetup {
  readonly handlers: HandlerMap;
  readonly dataDir: string;
  readonly options?: JobOptions;
}

export function createServices(
  db: Database,
  clock: Clock,
  config: ServerConfig,
  log: (line: string) => void = (line) => console.error(line),
  jobSetup: JobSetup = { handlers: {}, dataDir: path.join(os.tmpdir(), 'qr-mock-jobs') },
): Services {
  const settings = createSettings(db);
  let pem = settings.get('rsa_private_pem');
  if (!pem) {
    pem = generateRsaPem();
    settings.set('rsa_private_pem', pem);
  }
  const storedIdle = settings.get('session_idle_minutes');
  const sessions = createSessions(db, clock, storedIdle === undefined ? config.sessionIdleMs : storedIdle * 60_000);
  const users = createUsers(db);
  const realtimeKeys = createRealtimeKeys(db);
  const realtime = createRealtimeHub({ db, clock, sessions, users, keys: realtimeKeys, log });
  const services: Omit<Services, 'jobs' | 'shield'> & { jobs?: JobRunner; shield?: ShieldService } = {
    db,
    clock,
    config,
    settings,
    sessions,
    users,
    // Each balance change also reaches the user's sockets (frame 25) once committed.
    ledger: withBalancePush(createLedger(db, clock), { db, hub: realtime }),
    rsa: loadRsaKeys(pem),
    realtimeKeys,
    realtime,
    live: createLiveFeed({ db, clock, hub: realtime, log }),
    audit: createAudit(db, clock),
    chain: createChain(db, clock),
  };
  // The runner reads the other services (clock, hub, users), so it is made once they exist.
  const { handlers, dataDir, options } = jobSetup;
  services.jobs = createJobRunner({ services: services as Services, handlers, kinds: JOB_KINDS, dataDir, log }, options);
  services.shield = createShieldService(services as Omit<Services, 'shield'>, log);
  // Chain payments turn matching unpaid orders paid (mock-server/money/payments.ts).
  watchPayments(services as Services);
  return services as Services;
}
