import { detectionConfigInquire, detectionConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/we_chat_blocking_detection_configuration: interval, kinds checked, checker endpoint and key (write-only). */
export const detectionConfigSettings = defineSettings({
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
    {
      name: 'api_key',
      kind: 'password',
      helper: 'resources.we_chat_blocking_detection_configuration.hints.api_key',
      // Write-only, so the form says whether one is stored (the answer's api_key_set) instead of showing it.
      helperOf: (row) =>
        `resources.we_chat_blocking_detection_configuration.hints.${(row as { api_key_set?: boolean }).api_key_set ? 'api_key_stored' : 'api_key_none'}`,
    },
    'max_retries',
    'retry_base_seconds',
  ],
});

export default settingsScreen(detectionConfigSettings);
