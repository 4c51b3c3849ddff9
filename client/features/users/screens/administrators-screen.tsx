import { administratorsAdd, administratorsInquire, administratorsRemove, administratorsUpdate } from '../../../../contracts/index.ts';
import { ResourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { GeneratedPassword } from '../components/generated-password.tsx';
import { USER_LABELS, userScreen } from '../user-parts.tsx';

/**
 * /customer/administrators (super administrators): the user list's declaration over the administrator roles.
 * The route offers add, update and remove only, so balance, password reset and push actions stay on the user list.
 */
export const administratorsResource = defineResource(administratorsInquire, (r) => ({
  name: 'administrators',
  description: `${USER_LABELS}.descriptions.administrators`,
  ...userScreen(r, { add: administratorsAdd, update: administratorsUpdate, remove: administratorsRemove }, { repeatPassword: true }),
}));

export default function AdministratorsScreen() {
  return (
    <ResourceScreen decl={administratorsResource}>
      <GeneratedPassword decl={administratorsResource} />
    </ResourceScreen>
  );
}
