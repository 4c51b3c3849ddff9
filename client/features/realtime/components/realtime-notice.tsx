import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { realtimeEvents } from '../../../state/realtime-events.ts';
import { sessionEvents } from '../../../state/session-slice.ts';
import type { RealtimeState } from '../realtime-slice.ts';
import styles from './realtime-notice.module.css';

/**
 * Why the live connection stopped for good and what to do: the server closed it on purpose (3001: an
 * administrator's disconnect, a type-3 frame), or the reconnects ran out. Reconnect starts the connection
 * again for the same session (a session the server no longer accepts then goes to the login page); Log in
 * again is the logout. Shown at the top of the screen until one of them, or its close button.
 */
export function RealtimeNotice() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  // The realtime slice joins with the session module; before that there is nothing to show.
  const realtime = useSelector((s: { realtime?: RealtimeState }) => s.realtime);
  const reason = realtime?.status === 'stopped' && !realtime.noticeDismissed ? realtime.stopReason : null;
  if (reason !== 'server' && reason !== 'failures') return null;
  const text = `realtime.notice.${reason}`;
  return (
    <Callout className={styles.notice} intent={Intent.WARNING} icon="disable" role="alert" title={t(`${text}.title`)} data-stop-reason={reason}>
      <p className={styles.body}>{t(`${text}.body`, { count: realtime?.failures ?? 0 })}</p>
      <div className={styles.actions}>
        <Button intent={Intent.PRIMARY} icon="refresh" text={t('realtime.notice.reconnect')} onClick={() => dispatch(realtimeEvents.reconnectRequested())} />
        {reason === 'server' && <Button icon="log-in" text={t('realtime.notice.log_in_again')} onClick={() => dispatch(sessionEvents.logoutConfirmed())} />}
        <Button variant="minimal" icon="cross" aria-label={t('realtime.notice.close')} onClick={() => dispatch(realtimeEvents.noticeDismissed())} />
      </div>
    </Callout>
  );
}
