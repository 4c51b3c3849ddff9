import { useTranslation } from 'react-i18next';
import { PageState } from '../../components/page-state.tsx';

export interface NotBuiltScreenProps {
  /** Route name (contracts/routes.ts); its label comes from `menu.<route>`. */
  route: string;
  /** Public pages fill the viewport. Default false. */
  fullPage?: boolean;
}

/** A registered route whose screen is not built yet: say so clearly, never a blank page. */
export function NotBuiltScreen({ route, fullPage = false }: NotBuiltScreenProps) {
  const { t } = useTranslation();
  const name = t(`menu.${route}`, { defaultValue: route });
  return <PageState fullPage={fullPage} icon="build" title={t('status_pages.not_built.title', { name })} description={t('status_pages.not_built.description')} />;
}
