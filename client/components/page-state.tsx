import { Card, NonIdealState, NonIdealStateIconSize, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import styles from './page-state.module.css';

export interface PageStateProps {
  icon: IconName;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the description. */
  action?: React.JSX.Element;
  /** Fill the viewport (public pages) instead of the content area. Default false. */
  fullPage?: boolean;
}

/** The one empty / error / not-built look of the console: a NonIdealState in a card. */
export function PageState({ icon, title, description, action, fullPage = false }: PageStateProps) {
  return (
    <div className={fullPage ? styles.fullPage : styles.inContent}>
      <Card className={styles.card} elevation={1}>
        <NonIdealState icon={icon} iconSize={NonIdealStateIconSize.STANDARD} title={title} description={description} action={action} />
      </Card>
    </div>
  );
}
