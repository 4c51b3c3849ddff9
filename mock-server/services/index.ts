import type { Database } from 'better-sqlite3';
import type { Clock } from './clock.ts';
import type { ScryptCost } from './passwords.ts';
import { loadRsaKeys, generateRsaPem, type RsaKeys } from './rsa.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createSettings, type Settings } from './settings.ts';
import { createUsers, type Users } from './users.ts';

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
  readonly rsa: RsaKeys;
}

export function createServices(db: Database, clock: Clock, config: ServerConfig): Services {
  const settings = createSettings(db);
  let pem = settings.get('rsa_private_pem');
  if (!pem) {
    pem = generateRsaPem();
    settings.set('rsa_private_pem', pem);
  }
  return {
    db,
    clock,
    config,
    settings,
    sessions: createSessions(db, clock, config.sessionIdleMs),
    users: createUsers(db),
    rsa: loadRsaKeys(pem),
  };
}
