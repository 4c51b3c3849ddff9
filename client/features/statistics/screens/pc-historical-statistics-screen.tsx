import { statisticsPcHistorical } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { codeTotalsResource } from './historical-statistics-screen.tsx';

/** /customer/pc_historical_statistics: the code totals ranked by desktop visits. */
export default resourceScreen(codeTotalsResource(statisticsPcHistorical, 'pc_historical_statistics'));
