import { HTMLSelect, Icon } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../contracts/index.ts';
import { useCoreDispatch, useCoreSelector } from '../state/hooks.ts';
import { settingsEvents } from '../state/settings-slice.ts';
import { uiEvents } from '../state/ui-slice.ts';
import styles from './language-switcher.module.css';

const isLocale = (code: string): code is Locale => (LOCALES as readonly string[]).includes(code);

/**
 * Language choice; persists under the `language` key. The choices are the shown languages of the language
 * list (`language_list/inquire`, show_status 1) that the console has translations for, in the list's order,
 * read on mount and again whenever the select gets focus (so a language shown or hidden in the list appears
 * without a reload); until that answer, or when it fails, every translated language. The current language
 * always stays a choice. A native select on purpose: it is on the login page, whose first load must stay
 * small (a popover would pull the positioning engine in).
 */
export function LanguageSwitcher({ compact = false }: { /** No globe icon (narrow headers). Default false. */ compact?: boolean }) {
  const { t } = useTranslation();
  const language = useCoreSelector((s) => s.ui.language);
  const listed = useCoreSelector((s) => s.settings.languages);
  const dispatch = useCoreDispatch();
  useEffect(() => {
    dispatch(settingsEvents.languagesRequested());
  }, [dispatch]);
  const data = 'data' in listed ? listed.data : undefined;
  const shown = data ? data.map((l) => l.code).filter(isLocale) : [...LOCALES];
  const codes = shown.includes(language) ? shown : [language, ...shown];
  return (
    <span className={styles.switcher}>
      {!compact && <Icon icon="translate" className={styles.icon} aria-hidden />}
      <HTMLSelect
        minimal
        aria-label={t('layout.language.label')}
        value={language}
        onFocus={() => dispatch(settingsEvents.languagesRequested())}
        onChange={(e) => dispatch(uiEvents.languageChanged(e.currentTarget.value as Locale))}
        options={codes.map((lng) => ({ value: lng, label: t(`layout.language.${lng}`) }))}
      />
    </span>
  );
}
