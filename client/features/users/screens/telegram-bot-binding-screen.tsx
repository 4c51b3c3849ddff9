import { telegramBindingInquire, telegramBindingRemove } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/telegram_bot_binding: Telegram bindings (own for customers, all for administrators); unbind asks first. */
export const telegramBindingResource = defineResource(telegramBindingInquire, (r) => ({
  name: 'telegram_bot_binding',
  description: 'resources.telegram_bot_binding.description',
  columns: [
    { field: 'nickname', kind: 'text' },
    { field: 'account', kind: 'text' },
    { field: 'language', kind: 'text' },
    { field: 'platform_account', kind: 'text' },
    { field: 'platform_nickname', kind: 'text' },
    { field: 'chat_id', kind: 'text' },
    { field: 'binding_time', kind: 'date' },
  ],
  filters: ['account', 'platform_account'],
  remove: r.remove(telegramBindingRemove),
}));

export default resourceScreen(telegramBindingResource);
