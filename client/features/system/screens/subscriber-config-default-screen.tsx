import { subscriberConfigInquire, subscriberConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';
import { ratioField } from '../../../resources/ratio-field.ts';

/** /customer/subscriber_config_default: defaults for new subscribers, login limits and registration. */
export const subscriberConfigSettings = defineSettings({
  name: 'subscriber_config_default',
  inquire: subscriberConfigInquire,
  update: subscriberConfigUpdate,
  description: 'resources.subscriber_config_default.description',
  fields: [
    ratioField('default_share_ratio'),
    { name: 'online_detection', kind: 'switch' },
    'failed_login_limit',
    'failure_window_minutes',
    { name: 'allow_register', kind: 'switch' },
    { name: 'no_register_prompt', kind: 'textarea' },
  ],
});

export default settingsScreen(subscriberConfigSettings);
