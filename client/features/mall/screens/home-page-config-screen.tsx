import { homePageConfigInquire, homePageConfigUpdate, pictureTypeList } from '../../../../contracts/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { settingsScreen } from '../../../resources/settings/settings-screen.tsx';

/** The picture types the banner select offers (declared for its lookup only; no list on this screen). */
const bannerTypes = defineResource(pictureTypeList, (r) => ({
  name: 'home_page_config',
  columns: [],
  lookups: {
    picture_types: r.lookup(pictureTypeList, { first: { value: 0, labelKey: 'resources.home_page_config.every_picture' } }),
  },
}));

/** /customer/home_page_config: what the storefront's home page shows (banners, recommended count, notice). */
export const homePageSettings = defineSettings({
  name: 'home_page_config',
  inquire: homePageConfigInquire,
  update: homePageConfigUpdate,
  description: 'resources.home_page_config.description',
  lookupsFrom: bannerTypes,
  fields: [
    { name: 'banner_type_id', lookup: 'picture_types', required: true, helper: 'resources.home_page_config.banner_hint' },
    'recommend_count',
    { name: 'notice', kind: 'textarea' },
  ],
});

export default settingsScreen(homePageSettings);
