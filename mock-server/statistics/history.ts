import { codeTotals, statisticsHistorical, statisticsPcHistorical } from '../../contracts/index.ts';
import { defineResource } from '../resources/define.ts';
import { sortBy } from '../resources/engine.ts';

/**
 * historical_statistics and pc_historical_statistics: the code totals kept on qr_codes by the visit
 * transaction, listed on the resource engine (owner scope: a customer's own codes, administrators all).
 */
const spec = {
  row: codeTotals,
  table: 'qr_codes',
  alias: 'q',
  select: 'q.id, q.user_id, u.account, q.name, q.file_name, d.domain, q.view_number, q.ip_view_number, q.pc_view_number, q.create_time',
  joins: 'JOIN users u ON u.id = q.user_id LEFT JOIN domains d ON d.id = q.domain_id',
  where: 'q.removed = 1',
  owner: 'user_id',
  filters: { name: 'like', file_name: 'like', user_id: { op: 'eq', adminOnly: true } },
  orderBy: sortBy(
    { view_number: 'q.view_number', ip_view_number: 'q.ip_view_number', pc_view_number: 'q.pc_view_number', create_time: 'q.create_time', name: 'q.name' },
    'q.id',
  ),
} as const;

export const historical = defineResource({ ...spec, calls: { inquire: statisticsHistorical } });
export const pcHistorical = defineResource({ ...spec, calls: { inquire: statisticsPcHistorical } });
