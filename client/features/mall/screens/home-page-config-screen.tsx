import { homePageConfigInquire, homePageConfigUpdate } from '../../../../contracts/index.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** /customer/home_page_config: what the storefront's home page shows (banners, recommended count, notice). */
export const homePageSettings = defineSettings({
  name: 'home_page_config',
  inquire: homePageConfigInquire,
  update: homePageConfigUpdate,
  description: 'resources.home_page_config.description',
  fields: [{ name: 'banner_type_id', helper: 'resources.home_page_config.banner_hint' }, 'recommend_count', { name: 'notice', kind: 'textarea' }],
});

export default settingsScreen(homePageSettings);
