import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app-layout.module.css';

/**
 * The first thing Tab reaches: "Skip to content", past the header and the menu to the screen's heading
 * (or the content area while a screen loads). A hash link would be read as a route, so it moves focus itself.
 */
export function SkipLink({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    const content = document.getElementById(contentId);
    (content?.querySelector<HTMLElement>('[data-page-heading]') ?? content)?.focus();
  };
  return (
    <a href={`#${contentId}`} className={styles.skipLink} onClick={skip}>
      {t('layout.skip_to_content')}
    </a>
  );
}
