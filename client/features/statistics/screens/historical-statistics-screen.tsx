import type { statisticsPcHistorical } from '../../../../contracts/index.ts';
import { statisticsHistorical } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** The code-totals list of historical_statistics and pc_historical_statistics (same columns, another default sort). */
export function codeTotalsResource(
  call: typeof statisticsHistorical | typeof statisticsPcHistorical,
  name: 'historical_statistics' | 'pc_historical_statistics',
) {
  return defineResource(call, () => ({
    name,
    description: `resources.${name}.description`,
    columns: [
      { field: 'name', kind: 'text' },
      { field: 'file_name', kind: 'text' },
      { field: 'account', kind: 'text' },
      { field: 'domain', kind: 'text', hiddenByDefault: true },
      { field: 'view_number', kind: 'number' },
      { field: 'ip_view_number', kind: 'number' },
      { field: 'pc_view_number', kind: 'number' },
      { field: 'create_time', kind: 'date' },
    ],
    filters: ['name', 'file_name'],
    export: {},
  }));
}

export const historicalResource = codeTotalsResource(statisticsHistorical, 'historical_statistics');
export default resourceScreen(historicalResource);
