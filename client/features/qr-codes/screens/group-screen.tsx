import { groupCallList } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { groupResourceParts } from '../group-parts.ts';

const [add, inquire, update, remove] = groupCallList;

/** /customer/group: groups the caller files domains and QR codes under. */
export const groupResource = defineResource(inquire, (r) => ({ name: 'group', ...groupResourceParts(r, add, update, remove) }));

export default resourceScreen(groupResource);
