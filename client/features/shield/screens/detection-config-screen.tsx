import { detectionConfigInquire, detectionConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/we_chat_blocking_detection_configuration: interval, kinds checked, checker endpoint and key (write-only). */
export default settingsScreen(
  defineSettings({
    name: 'we_chat_blocking_detection_configuration',
    inquire: detectionConfigInquire,
    update: detectionConfigUpdate,
    description: 'resources.we_chat_blocking_detection_configuration.description',
    fields: [
      'interval_minutes',
      { name: 'check_entry', kind: 'switch' },
      { name: 'check_landing', kind: 'switch' },
      { name: 'check_short', kind: 'switch' },
      'endpoint',
      { name: 'api_key', kind: 'password', helper: 'resources.we_chat_blocking_detection_configuration.hints.api_key' },
      'max_retries',
      'retry_base_seconds',
    ],
  }),
);
