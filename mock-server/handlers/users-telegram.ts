import { telegramBinding, telegramBindingInquire, telegramBindingRemove, telegramOwnBindings } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** What both views read: a binding with its user's name and account. */
const binding = {
  row: telegramBinding,
  table: 'telegram_bindings',
  alias: 'b',
  select: `b.id, b.user_id, u.name AS nickname, u.account, b.language, b.platform_account, b.platform_nickname,
    b.chat_id, b.binding_time`,
  joins: 'JOIN users u ON u.id = b.user_id',
  owner: 'user_id',
  orderBy: 'b.id DESC',
} as const;

/** Telegram bindings: a customer's own, an administrator's view of all; unbinding deletes the row. */
const bindings = defineResource({
  ...binding,
  calls: { inquire: telegramBindingInquire, remove: telegramBindingRemove },
  filters: { account: { op: 'like', column: 'u.account' }, platform_account: 'like' },
});

/** The personal center's view: the caller's own bindings, whatever their role. */
const own = defineResource({ ...binding, calls: { inquire: telegramOwnBindings }, personal: true });

export const telegramHandlers = defineHandlers({ ...bindings.handlers, ...own.handlers });
