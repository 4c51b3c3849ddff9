import { configurationInquire, configurationUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';
import { settingsEvents } from '../../../state/settings-slice.ts';

/** /customer/configuration: the server's parameters; the console's title, logo and colour follow a save. */
export const configurationSettings = defineSettings({
  name: 'configuration',
  inquire: configurationInquire,
  update: configurationUpdate,
  description: 'resources.configuration.description',
  fields: [
    'title',
    { name: 'icon', helper: 'resources.configuration.icon_help' },
    { name: 'color', helper: 'resources.configuration.color_help' },
    { name: 'invitation_code_editable', kind: 'switch' },
    { name: 'session_idle_minutes', helper: 'resources.configuration.idle_help' },
  ],
  // Live: the start-up copy of website info is read again, so header and tab title change at once.
  onSaved: () => settingsEvents.websiteInfoRequested(),
});

export default settingsScreen(configurationSettings);
