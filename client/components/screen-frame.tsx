import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
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

/** The first screen of a page load leaves focus where the browser put it (Tab reaches the skip link first). */
let firstScreenOfLoad = true;

/**
 * The top of every screen behind login: a title row, an optional lead, then the content. The title is the
 * page's heading: after a navigation focus moves to it (a screen reader announces the new page, and Tab
 * continues from the top of the content), and the layout's skip link lands on it.
 */
export function ScreenFrame({ title, description, actions, maxWidth, children }: ScreenFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false); // StrictMode runs effects twice on one mount: focus once
  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    if (firstScreenOfLoad) firstScreenOfLoad = false;
    else heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className={styles.frame} style={maxWidth ? { maxWidth } : undefined}>
      <div className={styles.head}>
        <div>
          <h1 ref={heading} tabIndex={-1} className={`${Classes.HEADING} ${styles.title}`} data-page-heading="">
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
