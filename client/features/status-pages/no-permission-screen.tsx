import { useTranslation } from 'react-i18next';
import { PageState } from '../../components/page-state.tsx';

/** A known route the user's menu does not grant. */
export function NoPermissionScreen({ route }: { route: string }) {
  const { t } = useTranslation();
  const name = t(`menu.${route}`, { defaultValue: route });
  return <PageState icon="lock" title={t('status_pages.no_permission.title')} description={t('status_pages.no_permission.description', { name })} />;
}
