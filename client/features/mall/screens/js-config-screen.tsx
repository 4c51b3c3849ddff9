import { jsConfigInquire, jsConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/js_config: a script added to every visit page (super administrator only, with a warning). */
export const jsSettings = defineSettings({
  name: 'js_config',
  inquire: jsConfigInquire,
  update: jsConfigUpdate,
  description: 'resources.js_config.description',
  warning: 'resources.js_config.warning',
  maxWidth: 800,
  fields: ['enabled', { name: 'visit_script', kind: 'textarea' }],
});

export default settingsScreen(jsSettings);
