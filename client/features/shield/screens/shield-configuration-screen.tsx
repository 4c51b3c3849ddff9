import { blockConfigInquire, blockConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/shield_configuration: what a detected block does (move codes to the spare domain, notify). */
export const shieldConfigurationSettings = defineSettings({
  name: 'shield_configuration',
  inquire: blockConfigInquire,
  update: blockConfigUpdate,
  description: 'resources.shield_configuration.description',
  fields: [{ name: 'move_codes', kind: 'switch' }, { name: 'notify', kind: 'switch' }],
});

export default settingsScreen(shieldConfigurationSettings);
