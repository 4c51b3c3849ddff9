import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../../components/use-user-message.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';

/**
 * Why the last row action failed (a payout the hot wallet could not cover, a request reviewed meanwhile), kept
 * above the list until closed or the next action: a toast alone is gone before it is read.
 */
export function ActionError<Row>({ r }: { r: ResourceHandle<Row> }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const action = r.state.action;
  if (action.status !== 'failed') return null;
  return (
    <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert" title={t('resource.action_failed')} data-testid="action-error">
      {say(action.error)} <Button size="small" variant="minimal" icon="cross" aria-label={t('common.actions.close')} onClick={r.dismissActionError} />
    </Callout>
  );
}
