import { domain, domainAdd, domainInquire, domainRemove, domainUpdate } from '../../contracts/index.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { requireGroup } from '../qr/owned.ts';
import { isAdmin } from '../services/scope.ts';
import { RESOLUTION_TARGET } from './qr-codes.ts';

const domains = defineResource({
  calls: { add: domainAdd, update: domainUpdate, remove: domainRemove, inquire: domainInquire },
  row: domain,
  table: 'domains',
  alias: 'd',
  select: `d.id, d.user_id, u.account, d.domain, d.display_type, d.group_id, COALESCE(g.name, '') AS group_name, d.shield_status,
    d.hold, d.resolve_target, d.remark, d.create_time,
    (SELECT COUNT(*) FROM qr_codes q WHERE q.domain_id = d.id AND q.removed = 1) AS qr_code_count`,
  joins: 'JOIN users u ON u.id = d.user_id LEFT JOIN qr_groups g ON g.id = d.group_id',
  owner: 'user_id',
  filters: {
    user_id: { op: 'eq', adminOnly: true },
    account: { op: 'like', column: 'u.account', adminOnly: true },
    domain: { op: 'like', lower: true },
    display_type: 'eq',
    group_id: 'eq',
    shield_status: 'eq',
    hold: 'eq',
  },
  orderBy: 'd.id DESC',
  unique: [{ column: 'domain', message: 'errors.domain_taken' }],
  created: 'create_time',
  // Removing: ON DELETE SET NULL leaves the QR codes without a domain; forwards go with the domain.
  rules: {
    add: ({ body, services: { db }, me }) => {
      const user = me();
      if (!isAdmin(user)) {
        const n = (db.prepare('SELECT COUNT(*) AS n FROM domains WHERE user_id = ?').get(user.id) as { n: number }).n;
        if (n >= user.domain_limit) throw conflict('errors.domain_limit');
      }
      requireGroup(db, 'qr_groups', body.group_id, user.id);
      return { values: { resolve_target: body.resolve_target ?? RESOLUTION_TARGET.ip } };
    },
    update: ({ body, services: { db }, me }, found) => {
      if (body.shield_status !== undefined && !isAdmin(me())) throw forbidden('errors.shield_admin_only');
      requireGroup(db, 'qr_groups', body.group_id, found.owner!);
    },
  },
});

export const domainHandlers = defineHandlers({ ...domains.handlers });
