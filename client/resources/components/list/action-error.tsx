import { Button, Callout, Intent } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../../components/use-user-message.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';

/**
 * Why the last row action or delete failed (a payout the hot wallet could not cover, a request reviewed
 * meanwhile, the balance short for a purchase), kept above the list until closed or the next action. The one
 * place a refusal of a list's action is said: no toast repeats it (resource-sagas.ts), and it scrolls into view
 * when it appears, so a row far down the page still sees its answer.
 */
export function ActionError<Row>({ r }: { r: ResourceHandle<Row> }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const { action, remove } = r.state;
  const error = action.status === 'failed' ? action.error : remove.status === 'failed' ? remove.error : undefined;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  if (!error) return null;
  return (
    <div ref={box}>
      <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert" title={t('resource.action_failed')} data-testid="action-error">
        {/* The refusal as a sentence of its own (not run into the title): what a person reads and what is searched for. */}
        <span>{say(error)}</span> <Button size="small" variant="minimal" icon="cross" aria-label={t('common.actions.close')} onClick={r.dismissActionError} />
      </Callout>
    </div>
  );
}
