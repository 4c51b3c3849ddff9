// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BreakdownCell, HomeStatistics, StatisticsBreakdown } from '../../contracts/index.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { createAppStore } from '../../client/app/store.ts';
import { homeDashboard } from '../../client/features/statistics/screens/home-screen.tsx';
import { BreakdownSection } from '../../client/resources/dashboard/breakdown-section.tsx';
import { fakeEffects } from './helpers/fake-effects.ts';

/** The breakdowns section of the dashboard kind in jsdom over the real store and record saga (fake effect layer). */

let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

const cell = (over: Partial<BreakdownCell>, view_number: number): BreakdownCell => ({
  device: 'mobile', os: 'iOS', browser: 'WeChat', country: '中国', province: '广东', city: '深圳', carrier: 'mobile', ...over, view_number,
});
const ANSWER: StatisticsBreakdown = {
  start_date: '2026-05-17',
  end_date: '2026-06-15',
  view_number: 19,
  cells: [
    cell({}, 10),
    cell({ os: 'Android', browser: 'Chrome', city: '广州', carrier: 'telecom' }, 6),
    cell({ device: 'pc', os: 'Windows', browser: 'Chrome', province: '北京', city: '北京', carrier: 'unicom' }, 3),
  ],
};
const HOME = {
  daily: [
    { day: '2026-05-17', view_number: 1, ip_view_number: 1 },
    { day: '2026-06-15', view_number: 18, ip_view_number: 5 },
  ],
} as HomeStatistics;

async function mount(filters = {}) {
  const bodies: unknown[] = [];
  const fx = fakeEffects({ 'statistics/breakdown': (body) => (bodies.push(body), ANSWER) });
  const store = createAppStore(fx.effects);
  await store.loadSessionModules();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18nEn}>
        <BreakdownSection name="home" decl={homeDashboard.breakdowns!} data={HOME} filters={filters} />
      </I18nextProvider>
    </Provider>,
  );
  await screen.findByRole('table', { name: 'Browser' });
  return bodies;
}

const table = (name: string) => screen.getByRole('table', { name });
const row = (name: string, key: string) => table(name).querySelector(`tr[data-key="${key}"]`)!;

describe('breakdowns section', () => {
  it('reads the shown period in the chosen scope and draws one table per breakdown', async () => {
    const bodies = await mount({ user_id: 7, start_date: '2026-01-01' });
    expect(bodies).toEqual([{ start_date: '2026-05-17', end_date: '2026-06-15', user_id: 7 }]);
    for (const name of ['Device', 'Operating system', 'Browser', 'Province / region', 'City', 'Carrier']) table(name);
    expect(within(table('City')).getByRole('button', { name: 'China Beijing' })).toBeTruthy(); // the IP service's words, in English (contracts/places.ts)
    expect(within(table('Carrier')).getByRole('button', { name: 'China Telecom' })).toBeTruthy();
  });

  it('a click highlights a row in the others; a second click or Escape clears', async () => {
    await mount();
    const chrome = within(table('Browser')).getByRole('button', { name: 'Chrome' });
    fireEvent.click(chrome);
    expect(chrome.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Browser “Chrome” (9 visits)');
    expect(row('Carrier', 'telecom').getAttribute('data-highlighted')).toBe('6');
    expect(row('Carrier', 'mobile').getAttribute('data-highlighted')).toBe('0');
    expect(row('Device', 'mobile').textContent).toContain('6 / 16');
    // Its own table marks the row, no "n / total" there.
    expect(row('Browser', 'Chrome').getAttribute('data-highlighted')).toBeNull();
    fireEvent.click(chrome);
    expect(screen.queryByRole('status')).toBeNull();
    expect(row('Carrier', 'telecom').getAttribute('data-highlighted')).toBeNull();

    fireEvent.click(within(table('City')).getByRole('button', { name: 'China Guangdong Shenzhen' }));
    expect(row('Operating system', 'iOS').getAttribute('data-highlighted')).toBe('10');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
