import { internalCodeGroupCallList } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { groupResourceParts } from '../group-parts.ts';

const [add, inquire, update, remove] = internalCodeGroupCallList;

/** /customer/internal_code_grouping: internal code groups (a second, independent grouping of QR codes). */
export const internalCodeGroupingResource = defineResource(inquire, (r) => ({ name: 'internal_code_grouping', ...groupResourceParts(r, add, update, remove) }));

export default resourceScreen(internalCodeGroupingResource);
