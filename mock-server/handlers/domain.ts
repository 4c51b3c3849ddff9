import {
  domain, domainAdd, domainInquire, domainRemove, domainUpdate, forward, forwardAdd, forwardInquire, forwardRemove, forwardUpdate,
  groupCallList, internalCodeGroupCallList, qrGroup,
} from '../../contracts/index.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { requireDomain, requireGroup } from '../qr/owned.ts';
import { isAdmin, ownerScope } from '../services/scope.ts';
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

/** Both group kinds have the same calls and shape; a name is unique among one owner's groups. */
function groups(table: 'qr_groups' | 'internal_code_groups', [add, inquire, update, remove]: typeof groupCallList | typeof internalCodeGroupCallList) {
  const counts =
    table === 'qr_groups'
      ? `(SELECT COUNT(*) FROM domains x WHERE x.group_id = g.id) AS domain_count,
         (SELECT COUNT(*) FROM qr_codes x WHERE x.group_id = g.id AND x.removed = 1) AS qr_code_count`
      : `0 AS domain_count, (SELECT COUNT(*) FROM qr_codes x WHERE x.internal_code_group_id = g.id AND x.removed = 1) AS qr_code_count`;
  // Removing: ON DELETE SET NULL ungroups the domains and QR codes.
  return defineResource({
    calls: { add, inquire, update, remove },
    row: qrGroup,
    table,
    alias: 'g',
    select: `g.id, g.user_id, u.account, g.name, g.remark, g.sort, g.create_time, ${counts}`,
    joins: 'JOIN users u ON u.id = g.user_id',
    owner: 'user_id',
    filters: { name: 'like', user_id: { op: 'eq', adminOnly: true } },
    orderBy: 'g.sort DESC, g.id DESC',
    unique: [{ column: 'name', perOwner: true, message: 'errors.name_taken' }],
    created: 'create_time',
  }).handlers;
}

const forwards = defineResource({
  calls: { add: forwardAdd, update: forwardUpdate, remove: forwardRemove, inquire: forwardInquire },
  row: forward,
  table: 'forwards',
  alias: 'f',
  select: 'f.id, f.user_id, u.account, f.domain_id, d.domain, f.target_url, f.jump_type, f.show_status, f.remark, f.create_time',
  joins: 'JOIN users u ON u.id = f.user_id JOIN domains d ON d.id = f.domain_id',
  owner: 'user_id',
  filters: { domain: { op: 'like', column: 'd.domain', lower: true }, show_status: 'eq' },
  orderBy: 'f.id DESC',
  unique: [{ column: 'domain_id', message: 'errors.forward_exists' }],
  created: 'create_time',
  rules: {
    // The rule belongs to the domain's owner (an administrator may add one on a customer's domain).
    add: ({ body, services: { db }, me }) => ({ owner: requireDomain(db, body.domain_id, ownerScope(me())).user_id }),
  },
});

export const domainHandlers = defineHandlers({
  ...domains.handlers,
  ...groups('qr_groups', groupCallList),
  ...groups('internal_code_groups', internalCodeGroupCallList),
  ...forwards.handlers,
});
