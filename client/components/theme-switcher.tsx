import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { THEME_CODES } from '../../contracts/index.ts';
import { useCoreDispatch, useCoreSelector } from '../state/hooks.ts';
import { uiEvents } from '../state/ui-slice.ts';

/** Light/dark toggle; persists under the `theme` key (1 light, 2 dark). A native title, no Tooltip: see LanguageSwitcher. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const dark = useCoreSelector((s) => s.ui.theme === THEME_CODES.dark);
  const dispatch = useCoreDispatch();
  const label = t(dark ? 'layout.theme.switch_to_light' : 'layout.theme.switch_to_dark');
  return (
    <Button
      variant="minimal"
      icon={dark ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      onClick={() => dispatch(uiEvents.themeChanged(dark ? THEME_CODES.light : THEME_CODES.dark))}
    />
  );
}
