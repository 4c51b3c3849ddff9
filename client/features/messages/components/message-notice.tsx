import { Button, Callout, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { messagesEvents, type MessagesState } from '../messages-slice.ts';
import styles from './message-notice.module.css';

/**
 * The unread message found by polling: red, centred, until closed (spec §7). One the server has just pushed
 * reads as news, not as an error: the same notice in the information colour with a message icon. The content
 * is a React text child, so a message containing markup shows the markup as text (never parsed as HTML).
 */
export function MessageNotice() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  // The messages slice joins with the session module; before that there is nothing to show.
  const notice = useSelector((s: { messages?: MessagesState }) => s.messages?.notice ?? null);
  const box = useNoticeBottom();
  if (!notice) return null;
  return (
    <div className={styles.notice} ref={box}>
      <Callout
        intent={notice.pushed ? Intent.PRIMARY : Intent.DANGER}
        icon={notice.pushed ? 'envelope' : undefined}
        data-pushed={notice.pushed}
        role="alert"
        aria-label={t('messages.notice_label')}
        title={notice.title || undefined}
      >
        <div className={styles.row}>
          <p className={styles.text} data-testid="message-notice-content">
            {notice.content}
          </p>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('common.actions.close')}
            onClick={() => dispatch(messagesEvents.noticeDismissed())}
          />
        </div>
      </Callout>
    </div>
  );
}

/** Read when used, not while rendering: the landing screen's first paint is rendered at build time, with no document. */
const root = () => document.documentElement;

/**
 * Publishes where the shown notice ends (`--site-notice-bottom` on the root element) while it is on screen,
 * so toasts stack below it (components/overlay-toaster.css) instead of covering it.
 */
function useNoticeBottom() {
  const observer = useRef<ResizeObserver | null>(null);
  const clear = useCallback(() => {
    observer.current?.disconnect();
    observer.current = null;
    root().style.removeProperty('--site-notice-bottom');
  }, []);
  useEffect(() => clear, [clear]);
  return useCallback(
    (el: HTMLDivElement | null) => {
      clear();
      if (!el) return;
      const publish = () => root().style.setProperty('--site-notice-bottom', `${Math.ceil(el.getBoundingClientRect().bottom)}px`);
      publish();
      observer.current = new ResizeObserver(publish);
      observer.current.observe(el);
      // A size change is seen by the observer; the notice's entering movement (a transform) is not: publish again
      // once it has settled, or toasts placed during it would start a few pixels too high.
      el.addEventListener('transitionend', publish);
      el.addEventListener('animationend', publish);
    },
    [clear],
  );
}
