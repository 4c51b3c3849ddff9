import { Card, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { SiteBrand } from '../../../components/site-brand.tsx';
import { ThemeSwitcher } from '../../../components/theme-switcher.tsx';
import styles from './auth-page.module.css';

export interface AuthPageProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the card: links to the other auth page. */
  footer?: ReactNode;
}

/** The frame of the public auth pages: brand and switchers on top, one centred card. */
export function AuthPage({ title, subtitle, children, footer }: AuthPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <SiteBrand />
        <div className={styles.tools}>
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main className={styles.main}>
        <Card className={styles.card} elevation={2}>
          <H3 className={styles.title}>{title}</H3>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </Card>
        {footer && <div className={styles.footer}>{footer}</div>}
      </main>
    </div>
  );
}
