import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The console's own shortcuts, listed in Blueprint's hotkeys dialog. `?` opens that dialog (Blueprint's
 * built-in combo, handled before these); it is listed here so the dialog names it. Screens add their own
 * (the list's `/` search) with `useHotkeys`.
 */
export function useConsoleHotkeys(): void {
  const { t } = useTranslation();
  const keys = useMemo<HotkeyConfig[]>(
    () => [{ combo: '?', global: true, group: t('shortcuts.group_console'), label: t('shortcuts.show'), onKeyDown: () => undefined }],
    [t],
  );
  useHotkeys(keys);
}
