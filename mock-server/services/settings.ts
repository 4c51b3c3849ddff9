import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { homePageConfig, jsConfig, payConfig, subscriberConfigDefault, websiteInfo } from '../../contracts/index.ts';

/** One schema with the contract's (contracts/calls/system-subscriber-config.ts). */
export const subscriberConfig = subscriberConfigDefault;
export type SubscriberConfig = z.infer<typeof subscriberConfig>;

/**
 * Key/value settings stored as JSON, each with its schema so a bad row can never reach a handler.
 * `subscriber_config_default` holds the spec §3 defaults that drive registration and login limits.
 */
export const settingSchemas = {
  website_info: websiteInfo.omit({ allow_register: true, register_prompt: true, today: true }),
  pay_config: payConfig,
  subscriber_config_default: subscriberConfig,
  rsa_private_pem: z.string(),
  home_page_config: homePageConfig,
  js_config: jsConfig,
  /** Set by configuration/update (issue 13); absent: the server's start option. */
  session_idle_minutes: z.int().min(1),
} as const;
export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

export function createSettings(db: Database) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    get<K extends SettingKey>(key: K): SettingValue<K> | undefined {
      const row = get.get(key);
      return row ? (settingSchemas[key].parse(JSON.parse(row.value)) as SettingValue<K>) : undefined;
    },
    require<K extends SettingKey>(key: K): SettingValue<K> {
      const v = this.get(key);
      if (v === undefined) throw new Error(`setting ${key} is missing; was the database seeded?`);
      return v;
    },
    set<K extends SettingKey>(key: K, value: SettingValue<K>): void {
      put.run(key, JSON.stringify(settingSchemas[key].parse(value)));
    },
  };
}
export type Settings = ReturnType<typeof createSettings>;
