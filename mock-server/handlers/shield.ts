import { shieldCheck, shieldDetectionInquire, shieldDomain, shieldHistoryInquire, shieldPush, shieldPushRecordsInquire } from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { requireDomain } from '../qr/owned.ts';
import { ownerScope } from '../services/scope.ts';
import { defineResource } from '../resources/define.ts';
import { shieldTelegramBound } from '../shield/notify.ts';
import { blockAnswer, detectionAnswer, shieldStore, type PushAnswer } from '../shield/store.ts';

const ownerFilters = { user_id: { op: 'eq', adminOnly: true }, account: { op: 'like', column: 'u.account', adminOnly: true } } as const;
const liveCodes = '(SELECT COUNT(*) FROM qr_codes q WHERE q.domain_id = d.id AND q.removed = 1) AS qr_code_count';

const detection = defineResource({
  calls: { inquire: shieldDetectionInquire },
  row: shieldDomain,
  table: 'domains',
  alias: 'd',
  select: `d.id, d.user_id, u.account, d.domain, d.display_type, d.shield_status, d.hold, ${liveCodes},
    COALESCE(s.failures, 0) AS failures, COALESCE(s.last_check_time, '') AS last_check_time, COALESCE(s.last_message, '') AS last_message`,
  joins: 'JOIN users u ON u.id = d.user_id LEFT JOIN shield_state s ON s.domain_id = d.id',
  owner: 'user_id',
  filters: { ...ownerFilters, domain: { op: 'like', lower: true }, display_type: 'eq', shield_status: 'eq' },
  // Blocked and failed first: what needs attention.
  orderBy: 'CASE d.shield_status WHEN 1 THEN 1 ELSE 0 END, d.id DESC',
});

const history = defineResource({
  calls: { inquire: shieldHistoryInquire },
  row: shieldCheck,
  table: 'shield_checks',
  alias: 'c',
  select: 'c.id, c.domain_id, d.domain, c.status, c.attempt, c.message, c.check_time',
  joins: 'JOIN domains d ON d.id = c.domain_id',
  owner: 'd.user_id',
  filters: { domain_id: 'eq', status: 'eq' },
  orderBy: 'c.id DESC',
});

const pushes = defineResource({
  calls: { inquire: shieldPushRecordsInquire },
  row: shieldPush,
  table: 'shield_pushes',
  alias: 'p',
  // The domain's kind (the kind of domain its left codes need); a deleted domain's is unknown: entry.
  select: 'p.id, p.user_id, u.account, p.domain, COALESCE(dm.display_type, 1) AS display_type, p.status, p.spare_domain, p.moved, p.codes_left, p.channels, p.create_time',
  joins: 'JOIN users u ON u.id = p.user_id LEFT JOIN domains dm ON dm.id = p.domain_id',
  owner: 'user_id',
  filters: { ...ownerFilters, domain: { op: 'like', lower: true } },
  orderBy: 'p.id DESC',
});

export const shieldHandlers = defineHandlers({
  ...detection.handlers,
  ...history.handlers,
  ...pushes.handlers,

  'shield_detection/run': ({ body, services, me }) => {
    const user = me();
    requireDomain(services.db, body.domain_id, ownerScope(user));
    services.shield.detector.check(body.domain_id);
    return detection.get(services.db, body.domain_id, ownerScope(user));
  },

  'shield_detection_config/inquire': ({ services }) => detectionAnswer(shieldStore(services.db).config()),
  'shield_detection_config/update': ({ body, services }) => {
    const store = shieldStore(services.db);
    services.db.transaction(() => store.setConfig(body))();
    return detectionAnswer(store.config());
  },

  'shield_configuration/inquire': ({ services }) => blockAnswer(shieldStore(services.db).config()),
  'shield_configuration/update': ({ body, services }) => {
    const store = shieldStore(services.db);
    services.db.transaction(() => store.setConfig(body))();
    return blockAnswer(store.config());
  },

  'shield_push/inquire': ({ services, me }) => pushAnswer(services, me().id),
  'shield_push/update': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    db.transaction(() => {
      if (body.spare_domain_id) {
        // The caller's own domain even for administrators: push settings are personal.
        const spare = db.prepare<[number], { user_id: number; hold: number; shield_status: number }>('SELECT user_id, hold, shield_status FROM domains WHERE id = ?').get(body.spare_domain_id);
        requireDomain(db, body.spare_domain_id, user.id);
        if (spare!.shield_status === 2) throw new ApiError(409, 'errors.spare_blocked', { field: 'spare_domain_id' });
        if (spare!.hold !== 2) throw new ApiError(409, 'errors.spare_not_held', { field: 'spare_domain_id' });
      }
      shieldStore(db).setPush(user.id, body);
    })();
    return pushAnswer(services, user.id);
  },
});

function pushAnswer(services: Parameters<typeof shieldTelegramBound>[0], userId: number): PushAnswer {
  const store = shieldStore(services.db);
  const p = store.push(userId);
  return { ...p, spare_domain: store.domainName(p.spare_domain_id), telegram_bound: shieldTelegramBound(services, userId) };
}
