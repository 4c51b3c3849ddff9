import { uploadConfigInquire, uploadConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/image_config: upload settings; the secret is write-only and `file/add` takes its limits from here. */
export const imageConfigSettings = defineSettings({
  name: 'image_config',
  inquire: uploadConfigInquire,
  update: uploadConfigUpdate,
  description: 'resources.image_config.description',
  fields: [
    'upload_type',
    'domain_name',
    'region',
    'access_key_id',
    { name: 'access_key_secret', kind: 'password', helper: 'resources.image_config.secret_help' },
    'bucket',
    'save_path',
    { name: 'size_limit_bytes', helper: 'resources.image_config.size_help' },
    { name: 'allowed_types', helper: 'resources.image_config.types_help' },
  ],
});

export default settingsScreen(imageConfigSettings);
