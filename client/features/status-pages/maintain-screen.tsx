import { useTranslation } from 'react-i18next';
import { PageState } from '../../components/page-state.tsx';

/** /maintain: static notice (spec §2). */
export default function MaintainScreen() {
  const { t } = useTranslation();
  return <PageState fullPage icon="wrench" title={t('status_pages.maintain.title')} description={t('status_pages.maintain.description')} />;
}
