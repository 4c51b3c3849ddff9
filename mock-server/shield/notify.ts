import { DEFAULT_LOCALE, FrameType, LogType, type ShieldStatusData } from '../../contracts/index.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Database } from 'better-sqlite3';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Audit } from '../services/audit.ts';
import type { Clock } from '../services/clock.ts';
import { SHIELD_MESSAGE_KEY, shieldText, type ShieldMessageVars } from './messages.ts';
import { shieldStore } from './store.ts';

/** What detection reads and writes: its tables, the time, the audit log and the owner's open sockets. */
export interface ShieldDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit: Pick<Audit, 'record'>;
  readonly realtime: Pick<RealtimeHub, 'push' | 'pushLocalised'>;
}

/**
 * Telegram, simulated: the user's bound chats (issue 13's `telegram_bindings`) each get the text as a row of
 * `telegram_outbox`, the simulated bot's sent messages (no network). True when at least one chat got it.
 */
export function shieldTelegramHook(services: Pick<ShieldDeps, 'db' | 'clock'>, userId: number, text: string): boolean {
  const { db, clock } = services;
  const chats = db.prepare('SELECT chat_id FROM telegram_bindings WHERE user_id = ?').pluck().all(userId) as number[];
  const send = db.prepare('INSERT INTO telegram_outbox (user_id, chat_id, text, send_time) VALUES (?, ?, ?, ?)');
  for (const chat of chats) send.run(userId, chat, text, formatDateTime(clock.now()));
  return chats.length > 0;
}

/** Whether the user has a Telegram binding (shown on shield_push). */
export const shieldTelegramBound = (services: Pick<ShieldDeps, 'db'>, userId: number): boolean =>
  services.db.prepare('SELECT 1 FROM telegram_bindings WHERE user_id = ? LIMIT 1').get(userId) !== undefined;

/** One audit row of a step the detector took on its own (no user, no request). */
export function auditShield(services: Pick<ShieldDeps, 'audit'>, step: string, domainId: number, content: Record<string, unknown>): void {
  services.audit.record({
    type: LogType.values.shield,
    source: `shield/${step}`,
    user: null,
    content: JSON.stringify(content),
    targetIds: JSON.stringify({ domain_id: domainId }),
    ip: '',
    ua: 'shield-detector',
  });
}

/**
 * Tell the owner through the channels they chose (shield_push), record the push and audit it. Administrators'
 * open monitors get the frame too, so a block shows up there without a reload.
 */
export function notifyOwner(services: ShieldDeps, ownerId: number, data: ShieldStatusData, notify: boolean): string[] {
  const { db, clock, realtime } = services;
  const prefs = shieldStore(db).push(ownerId);
  const time = formatDateTime(clock.now());
  const channels: string[] = [];
  // The message keeps its figures: each reader gets it in their language (messages.ts); title and content
  // hold the default language's text for any other reader of the table.
  const vars: ShieldMessageVars = { domain: data.domain, status: data.status, spare_domain: data.spare_domain, moved: data.moved, codes_left: data.codes_left, display_type: data.display_type };
  const text = shieldText(vars, DEFAULT_LOCALE);
  if (notify && prefs.site_message === 1) {
    const id = Number(
      db
        .prepare('INSERT INTO messages (user_id, sender_id, title, content, send_time, text_key, text_vars) VALUES (?, NULL, ?, ?, ?, ?, ?)')
        .run(ownerId, text.title, text.content, time, SHIELD_MESSAGE_KEY, JSON.stringify(vars)).lastInsertRowid,
    );
    realtime.pushLocalised(ownerId, FrameType.values.message, (locale) => ({ id, ...shieldText(vars, locale) }));
    channels.push('site_message');
  }
  if (notify && prefs.realtime === 1) {
    realtime.push(ownerId, FrameType.values.shield_status, data);
    channels.push('realtime');
  }
  // A Telegram chat has no console language: both, the default first.
  const en = shieldText(vars, 'en');
  if (notify && prefs.telegram === 1 && shieldTelegramHook(services, ownerId, `${text.title}\n${text.content}\n\n${en.title}\n${en.content}`)) channels.push('telegram');
  const admins = db.prepare(`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.kind IN ('admin', 'super_admin') AND u.id <> ?`).pluck().all(ownerId) as number[];
  for (const id of admins) realtime.push(id, FrameType.values.shield_status, data);
  if (channels.length) {
    db.prepare('INSERT INTO shield_pushes (user_id, domain_id, domain, status, spare_domain, moved, codes_left, channels, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(ownerId, data.domain_id, data.domain, data.status, data.spare_domain, data.moved, data.codes_left, channels.join(','), time);
    auditShield(services, 'notify', data.domain_id, { user_id: ownerId, channels });
  }
  return channels;
}
