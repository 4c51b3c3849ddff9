import { groupCallList, internalCodeGroupCallList, qrGroup } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

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

export const qrGroupHandlers = defineHandlers({
  ...groups('qr_groups', groupCallList),
  ...groups('internal_code_groups', internalCodeGroupCallList),
});
