import { administratorsInquire, administratorsRemove, administratorsUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { USER_LABELS, userScreen } from '../user-parts.tsx';

/**
 * /customer/administrators (super administrators): the user list's declaration over the administrator roles.
 * The route offers update and remove only, so balance, password and push actions stay on the user list.
 */
export const administratorsResource = defineResource(administratorsInquire, (r) => ({
  name: 'administrators',
  description: `${USER_LABELS}.descriptions.administrators`,
  ...userScreen(r, { update: administratorsUpdate, remove: administratorsRemove }),
}));

export default resourceScreen(administratorsResource);
