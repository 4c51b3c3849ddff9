import { z } from 'zod';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX, NotifyStatus, id, messageClear, messageList, messageSend, userInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { ClearMessagesDialog } from '../components/clear-messages-dialog.tsx';

const L = 'resources.message_list';

/** The send form: one user (picker) or everyone (switch); the call takes exactly one of them. */
const sendFields = z.object({
  title: z.string().trim().min(1, 'validation.message_title_required').max(MESSAGE_TITLE_MAX),
  content: z.string().trim().min(1, 'validation.message_content_required').max(MESSAGE_CONTENT_MAX),
  user_id: id.optional(),
  all: z.boolean().optional(),
});

/** /customer/message_list: every message with its recipient; send to one user or all; clear (confirmed). */
export const messageListResource = defineResource(messageList, (r) => ({
  name: 'message_list',
  description: `${L}.description`,
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'account', kind: 'text' },
    { field: 'title', kind: 'text' },
    { field: 'content', kind: 'text' },
    { field: 'notify_status', kind: 'enum', enum: NotifyStatus },
    { field: 'send_time', kind: 'date' },
    { field: 'check_time', kind: 'date' },
  ],
  filters: ['notify_status', { field: 'user_id', lookup: 'users' }],
  lookups: { users: r.lookup(userInquire, { label: 'account' }) },
  create: r.form(messageSend, {
    button: 'send',
    schema: sendFields,
    fields: ['title', { name: 'content', kind: 'textarea' }, { name: 'user_id', lookup: 'users' }, { name: 'all', kind: 'switch' }],
    toBody: (v) => ({ title: v.title, content: v.content, ...(v.all ? { all: true } : { user_id: v.user_id }) }),
  }),
  actions: [
    r.action(messageClear, { id: 'clear_user', scope: 'row', button: 'clear', label: `${L}.actions.clear_user`, icon: 'eraser', intent: 'danger', confirm: { text: `${L}.confirm.clear_user`, undoable: false, vars: (rows) => ({ account: rows[0]!.account }) }, body: (rows) => ({ user_id: rows[0]!.user_id }) }),
    { kind: 'dialog', id: 'clear_all', scope: 'toolbar', button: 'clear', label: `${L}.actions.clear_all`, icon: 'trash', intent: 'danger', dialog: ClearMessagesDialog },
    // Never a button: the confirmation above runs it.
    r.formAction(messageClear, { id: 'clear_all_run', scope: 'row', button: 'clear', label: `${L}.actions.clear_all`, icon: 'trash', visible: () => false, form: { fields: [] } }),
  ],
  export: {},
}));

export default resourceScreen(messageListResource);
