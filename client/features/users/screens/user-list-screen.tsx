import { userAdd, userInquire, userRemove, userUpdate } from '../../../../contracts/index.ts';
import { ResourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { GeneratedPassword } from '../components/generated-password.tsx';
import { USER_LABELS, userScreen } from '../user-parts.tsx';

/** /customer/user_list: agents and customers (administrators have their own screen). */
export const userListResource = defineResource(userInquire, (r) => ({
  name: 'user_list',
  description: `${USER_LABELS}.descriptions.user_list`,
  ...userScreen(r, { add: userAdd, update: userUpdate, remove: userRemove }),
}));

export default function UserListScreen() {
  return (
    <ResourceScreen decl={userListResource}>
      <GeneratedPassword decl={userListResource} />
    </ResourceScreen>
  );
}
