import { FrameType, LogType, type ShieldStatusData } from '../../contracts/index.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Database } from 'better-sqlite3';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Audit } from '../services/audit.ts';
import type { Clock } from '../services/clock.ts';
import { shieldStore } from './store.ts';

/** What detection reads and writes: its tables, the time, the audit log and the owner's open sockets. */
export interface ShieldDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit: Pick<Audit, 'record'>;
  readonly realtime: Pick<RealtimeHub, 'push'>;
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

const STATUS_TEXT = {
  1: { en: 'is reachable in WeChat again', zh: '在微信中已恢复正常' },
  2: { en: 'was blocked by WeChat', zh: '已被微信封禁' },
  4: { en: 'could not be checked', zh: '检测失败' },
} as const;

const KIND_TEXT = { 1: { zh: '入口', en: 'entry' }, 2: { zh: '落地', en: 'landing' }, 3: { zh: '短链', en: 'short' } } as const;

/**
 * Site messages have no reader language yet: both languages, Chinese first (the site's default). A block that
 * left codes on the domain says how many and what the owner does about it (the same advice as the console's
 * toast and domain list): add a domain of that kind and move them; a held one of that kind takes them next time.
 */
export function shieldText(d: Pick<ShieldStatusData, 'domain' | 'status' | 'spare_domain' | 'moved' | 'codes_left' | 'display_type'>): { title: string; content: string } {
  const s = STATUS_TEXT[d.status];
  const moved = d.spare_domain
    ? { zh: `，${d.moved} 个二维码已切换到备用域名 ${d.spare_domain}`, en: `; ${d.moved} QR codes moved to the spare domain ${d.spare_domain}` }
    : { zh: '', en: '' };
  const kind = KIND_TEXT[d.display_type ?? 1];
  const left =
    d.status === 2 && d.codes_left > 0
      ? {
          zh: `。仍有 ${d.codes_left} 个二维码在此域名上：请在「域名列表」添加一个${kind.zh}域名，用「把活码移到其他域名」把它们移过去；在「持有域名」备一个${kind.zh}域名，下次封禁时二维码会自动切换过去`,
          en: `. ${d.codes_left} QR codes are still on it: add a ${kind.en} domain on Domains and move them there with "Move QR codes to another domain"; keep a held ${kind.en} domain (Held domains) and the next block moves them by itself`,
        }
      : { zh: '', en: '' };
  return {
    title: `域名 ${d.domain} ${s.zh} / Domain ${d.domain} ${s.en}`,
    content: `域名 ${d.domain} ${s.zh}${moved.zh}${left.zh}。\nDomain ${d.domain} ${s.en}${moved.en}${left.en}.`,
  };
}

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
  const text = shieldText(data);
  if (notify && prefs.site_message === 1) {
    const id = Number(
      db.prepare('INSERT INTO messages (user_id, sender_id, title, content, send_time) VALUES (?, NULL, ?, ?, ?)').run(ownerId, text.title, text.content, time).lastInsertRowid,
    );
    realtime.push(ownerId, FrameType.values.message, { id, title: text.title, content: text.content });
    channels.push('site_message');
  }
  if (notify && prefs.realtime === 1) {
    realtime.push(ownerId, FrameType.values.shield_status, data);
    channels.push('realtime');
  }
  if (notify && prefs.telegram === 1 && shieldTelegramHook(services, ownerId, `${text.title}\n${text.content}`)) channels.push('telegram');
  const admins = db.prepare(`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.kind IN ('admin', 'super_admin') AND u.id <> ?`).pluck().all(ownerId) as number[];
  for (const id of admins) realtime.push(id, FrameType.values.shield_status, data);
  if (channels.length) {
    db.prepare('INSERT INTO shield_pushes (user_id, domain_id, domain, status, spare_domain, moved, codes_left, channels, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(ownerId, data.domain_id, data.domain, data.status, data.spare_domain, data.moved, data.codes_left, channels.join(','), time);
    auditShield(services, 'notify', data.domain_id, { user_id: ownerId, channels });
  }
  return channels;
}
