import { HTMLSelect, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../contracts/index.ts';
import { useCoreDispatch, useCoreSelector } from '../state/hooks.ts';
import { uiEvents } from '../state/ui-slice.ts';
import styles from './language-switcher.module.css';

/**
 * Language choice (zh-CN default, en); persists under the `language` key. A native select on purpose: it is
 * on the login page, whose first load must stay small (a popover would pull the positioning engine in).
 */
export function LanguageSwitcher({ compact = false }: { /** No globe icon (narrow headers). Default false. */ compact?: boolean }) {
  const { t } = useTranslation();
  const language = useCoreSelector((s) => s.ui.language);
  const dispatch = useCoreDispatch();
  return (
    <span className={styles.switcher}>
      {!compact && <Icon icon="translate" className={styles.icon} aria-hidden />}
      <HTMLSelect
        minimal
        aria-label={t('layout.language.label')}
        value={language}
        onChange={(e) => dispatch(uiEvents.languageChanged(e.currentTarget.value as Locale))}
        options={LOCALES.map((lng) => ({ value: lng, label: t(`layout.language.${lng}`) }))}
      />
    </span>
  );
}
