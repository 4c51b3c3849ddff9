import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../components/use-user-message.ts';
import type { RecordState } from './record-slice.ts';

export interface RecordGateProps<R> {
  state: RecordState;
  data: R | undefined;
  onRetry(): void;
  children(data: R): ReactNode;
  /**
   * A failed read shows the failure even when an earlier read is still held. For figures of a query (a
   * dashboard): the old ones answer another question and would pass for this one's. Default false (a
   * settings form keeps its record).
   */
  failureReplacesData?: boolean;
}

/** The same loading and failed states for every record screen; the content once the record is there. */
export function RecordGate<R>({ state, data, onRetry, children, failureReplacesData = false }: RecordGateProps<R>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  if (data !== undefined && !(failureReplacesData && state.data.status === 'failed')) return <>{children(data)}</>;
  if (state.data.status === 'failed')
    return (
      <NonIdealState
        icon="error"
        title={t('common.states.load_failed')}
        description={say(state.data.error)}
        action={<Button icon="refresh" text={t('common.actions.retry')} onClick={onRetry} />}
      />
    );
  return <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />;
}
