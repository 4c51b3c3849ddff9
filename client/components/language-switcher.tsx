import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../contracts/index.ts';
import { useCoreDispatch, useCoreSelector } from '../state/hooks.ts';
import { uiEvents } from '../state/ui-slice.ts';

/** Language menu (zh-CN default, en); the choice persists under the `language` key. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useCoreSelector((s) => s.ui.language);
  const dispatch = useCoreDispatch();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={t('layout.language.label')}>
          {LOCALES.map((lng) => (
            <MenuItem
              key={lng}
              text={t(`layout.language.${lng}`)}
              roleStructure="listoption"
              selected={lng === language}
              onClick={() => dispatch(uiEvents.languageChanged(lng))}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="translate" endIcon="caret-down" text={t(`layout.language.${language}`)} aria-label={t('layout.language.label')} />
    </Popover>
  );
}
