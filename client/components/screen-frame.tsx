import { H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import styles from './screen-frame.module.css';

export interface ScreenFrameProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** Content width cap in px (forms read better narrow). Default: full width. */
  maxWidth?: number;
  children: ReactNode;
}

/** The top of every screen behind login: a title row, an optional lead, then the content. */
export function ScreenFrame({ title, description, actions, maxWidth, children }: ScreenFrameProps) {
  return (
    <section className={styles.frame} style={maxWidth ? { maxWidth } : undefined}>
      <div className={styles.head}>
        <div>
          <H3 className={styles.title}>{title}</H3>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
