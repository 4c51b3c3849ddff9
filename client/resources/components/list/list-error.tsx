import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/page-state.tsx';
import { useUserMessage } from '../../../components/use-user-message.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';

/**
 * A failed load: over the rows still shown, a line with Retry; with nothing to show, the console's one
 * error state with Retry in place of the table.
 */
export function ListError<Row>({ r, instead }: { r: ResourceHandle<Row>; /** Render the no-rows form (in place of the table). */ instead: boolean }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const list = r.state.list;
  if (list.status !== 'failed') return null;
  if (instead) return <PageState icon="error" title={t('common.states.load_failed')} description={say(list.error)} onRetry={r.reload} />;
  return (
    <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert">
      {say(list.error)} <Button size="small" variant="minimal" icon="refresh" text={t('common.actions.retry')} onClick={r.reload} />
    </Callout>
  );
}
