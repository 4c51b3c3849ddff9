import { Card, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { PageState } from '../../../components/page-state.tsx';
import type { ShareState } from '../share-slice.ts';
import styles from './share-screen.module.css';

/**
 * /share_access?name=&password= (public): the QR code's name and two figures, refreshed every 5 s by the share
 * saga, which follows the route (it starts on entering this page and stops on leaving it).
 */
export default function ShareScreen() {
  const { t } = useTranslation();
  const share = useSelector((s: { share: ShareState }) => s.share);
  if (share.status === 'failed') return <PageState fullPage icon="error" title={t('share.page_error')} />;
  if (share.status !== 'shown') return <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />;
  const { name, view_number, ip_view_number } = share.data;
  return (
    <main className={styles.page}>
      <Card className={styles.card} elevation={2}>
        <H2>{t('share.title', { name })}</H2>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('share.visits')}</dt>
            <dd className={styles.value} data-testid="share-visits">
              {view_number}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('share.distinct_ips')}</dt>
            <dd className={styles.value} data-testid="share-ips">
              {ip_view_number}
            </dd>
          </div>
        </dl>
      </Card>
    </main>
  );
}
