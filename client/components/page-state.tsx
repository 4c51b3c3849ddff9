import { Button, Card, NonIdealState, NonIdealStateIconSize, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './page-state.module.css';

export interface PageStateProps {
  icon: IconName;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the description. */
  action?: React.JSX.Element;
  /**
   * Shows a "Try again" button that calls this (e.g. after "the server did not answer"); placed before
   * `action`. Default none.
   */
  onRetry?: () => void;
  /** Fill the viewport (public pages) instead of the content area. Default false. */
  fullPage?: boolean;
}

/** The one empty / error / not-built look of the console: a NonIdealState in a card. */
export function PageState({ icon, title, description, action, onRetry, fullPage = false }: PageStateProps) {
  const { t } = useTranslation();
  const retry = onRetry ? <Button icon="refresh" text={t('common.actions.retry')} onClick={onRetry} /> : null;
  const actions = retry && action ? <>{retry} {action}</> : (retry ?? action);
  return (
    <div className={fullPage ? styles.fullPage : styles.inContent}>
      <Card className={styles.card} elevation={1}>
        <NonIdealState icon={icon} iconSize={NonIdealStateIconSize.STANDARD} title={title} description={description} action={actions ?? undefined} />
      </Card>
    </div>
  );
}
