import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** `/` puts the cursor in the list's first filter (the console habit of search boxes); `?` lists it. */
export function useSearchHotkey(search: RefObject<HTMLElement | null>, enabled: boolean): void {
  const { t } = useTranslation();
  const keys = useMemo<HotkeyConfig[]>(
    () =>
      enabled
        ? [
            {
              combo: '/',
              global: true,
              preventDefault: true,
              group: t('shortcuts.group_list'),
              label: t('shortcuts.focus_search'),
              onKeyDown: () => search.current?.querySelector<HTMLElement>('input, select')?.focus(),
            },
          ]
        : [],
    [enabled, search, t],
  );
  useHotkeys(keys);
}
