import { forward, forwardAdd, forwardInquire, forwardRemove, forwardUpdate } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { requireDomain } from '../qr/owned.ts';
import { ownerScope } from '../services/scope.ts';

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

export const forwardHandlers = defineHandlers({ ...forwards.handlers });
