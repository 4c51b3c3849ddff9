// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../contracts/index.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { screens } from '../../client/app/screens.ts';
import { NotBuiltScreen } from '../../client/features/status-pages/not-built-screen.tsx';

/**
 * Every route has a screen now (the browser tour proves each renders), so the "not built yet" panel is only
 * the fallback for a route registered before its screen: checked here on its own, in both languages.
 */
let en: i18n;
let zh: i18n;
beforeAll(async () => {
  en = createI18n('en', await loadResources('en'));
  zh = createI18n('zh-CN', await loadResources('zh-CN'));
});
afterEach(() => cleanup());

describe('the "not built yet" fallback', () => {
  it('names the route in the user language', () => {
    render(
      <I18nextProvider i18n={en}>
        <NotBuiltScreen route="visitor" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toMatch(/Visitors.*is not built yet/);
    cleanup();
    render(
      <I18nextProvider i18n={zh}>
        <NotBuiltScreen route="visitor" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toContain('访客');
  });

  it('is shown by no registered route: each has a screen', () => {
    expect(ROUTES.filter((r) => !screens[r.name]).map((r) => r.name)).toEqual([]);
  });
});
