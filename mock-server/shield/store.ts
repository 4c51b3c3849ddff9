import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { blockConfig, detectionConfig, pushSettings } from '../../contracts/index.ts';
import { perDatabase } from '../services/scope.ts';

/** The stored detection row, key included (never answered). */
export interface ConfigRow {
  interval_minutes: number;
  check_entry: 1 | 2;
  check_landing: 1 | 2;
  check_short: 1 | 2;
  endpoint: string;
  api_key: string;
  max_retries: number;
  retry_base_seconds: number;
  move_codes: 1 | 2;
  notify: 1 | 2;
}

/** Defaults when the row is gone (a control `reset` empties every table; the next write puts it back). */
const DEFAULT_CONFIG: ConfigRow = {
  interval_minutes: 10, check_entry: 1, check_landing: 1, check_short: 1, endpoint: 'https://checker.invalid/wx', api_key: '',
  max_retries: 3, retry_base_seconds: 30, move_codes: 1, notify: 1,
};

export interface PushRow {
  spare_domain_id: number | null;
  site_message: 1 | 2;
  realtime: 1 | 2;
  telegram: 1 | 2;
}
const DEFAULT_PUSH: PushRow = { spare_domain_id: null, site_message: 1, realtime: 1, telegram: 1 };

const CONFIG_COLUMNS = Object.keys(DEFAULT_CONFIG) as (keyof ConfigRow)[];
const PUSH_COLUMNS = ['spare_domain_id', 'site_message', 'realtime', 'telegram'] as const;

export const shieldStore = perDatabase((db: Database) => {
  const config = db.prepare<[], ConfigRow>(`SELECT ${CONFIG_COLUMNS.join(', ')} FROM shield_config WHERE id = 1`);
  const ensureConfig = db.prepare('INSERT OR IGNORE INTO shield_config (id) VALUES (1)');
  const push = db.prepare<[number], PushRow>('SELECT spare_domain_id, site_message, realtime, telegram FROM shield_push_settings WHERE user_id = ?');
  const ensurePush = db.prepare<[number]>('INSERT OR IGNORE INTO shield_push_settings (user_id) VALUES (?)');
  const domainName = db.prepare<[number], { domain: string }>('SELECT domain FROM domains WHERE id = ?');
  return {
    config: (): ConfigRow => config.get() ?? { ...DEFAULT_CONFIG },
    /** Only known column names reach the statement (the keys of the row type); values are bound. */
    setConfig(patch: Partial<ConfigRow>): void {
      const cols = CONFIG_COLUMNS.filter((c) => patch[c] !== undefined);
      ensureConfig.run();
      if (cols.length) db.prepare(`UPDATE shield_config SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = 1`).run(...cols.map((c) => patch[c]));
    },
    push: (userId: number): PushRow => push.get(userId) ?? { ...DEFAULT_PUSH },
    setPush(userId: number, patch: Partial<PushRow>): void {
      const cols = PUSH_COLUMNS.filter((c) => patch[c] !== undefined);
      ensurePush.run(userId);
      if (cols.length) db.prepare(`UPDATE shield_push_settings SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE user_id = ?`).run(...cols.map((c) => patch[c]), userId);
    },
    domainName: (id: number | null): string => (id === null ? '' : (domainName.get(id)?.domain ?? '')),
  };
});

export const detectionAnswer = (c: ConfigRow): z.infer<typeof detectionConfig> => ({
  interval_minutes: c.interval_minutes, check_entry: c.check_entry, check_landing: c.check_landing, check_short: c.check_short,
  endpoint: c.endpoint, api_key_set: c.api_key !== '', max_retries: c.max_retries, retry_base_seconds: c.retry_base_seconds,
});
export const blockAnswer = (c: ConfigRow): z.infer<typeof blockConfig> => ({ move_codes: c.move_codes, notify: c.notify });
export type PushAnswer = z.infer<typeof pushSettings>;
