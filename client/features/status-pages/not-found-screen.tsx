import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageState } from '../../components/page-state.tsx';

export interface NotFoundScreenProps {
  /** Where the button leads. Default '/'. */
  home?: string;
  fullPage?: boolean;
}

export function NotFoundScreen({ home = '/', fullPage = false }: NotFoundScreenProps) {
  const { t } = useTranslation();
  return (
    <PageState
      fullPage={fullPage}
      icon="search"
      title={t('status_pages.not_found.title')}
      description={t('status_pages.not_found.description')}
      action={
        <Link to={home}>
          <Button icon="home" text={t('common.actions.go_home')} />
        </Link>
      }
    />
  );
}
