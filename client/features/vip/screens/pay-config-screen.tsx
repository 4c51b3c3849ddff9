import { payConfigInquire, payConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';
import { settingsEvents } from '../../../state/settings-slice.ts';

/** /customer/pay_config: how customers pay; saved with the page's `update` authority. */
export const payConfigSettings = defineSettings({
  name: 'pay_config',
  inquire: payConfigInquire,
  update: payConfigUpdate,
  description: 'resources.pay_config.description',
  fields: [
    { name: 'qr_code_switch', kind: 'switch' },
    'usdt_address',
    'min_recharge',
    'exchange_rate',
    'order_timeout_minutes',
  ],
  // The start-up copy (spec §1) follows what was saved.
  onSaved: settingsEvents.payConfigLoaded,
});

export default settingsScreen(payConfigSettings);
