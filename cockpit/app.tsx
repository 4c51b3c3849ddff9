import { Button, Callout, Classes, HTMLSelect, Navbar, NavbarGroup, NavbarHeading, Tab, Tabs, Tag, useHotkeys } from '@blueprintjs/core';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CockpitContext, accountHint, type Cockpit } from './cockpit-context.tsx';
import { DrivePanel } from './drive/drive-panel.tsx';
import { I18nContext, LANGUAGES, translator, type Language } from './i18n.tsx';
import { control } from './io/control.ts';
import type { JournalFeed } from './io/journal-feed.ts';
import { KeepPanel } from './keep/keep-panel.tsx';
import { EntryDetails } from './timeline/entry-details.tsx';
import { FilterBar } from './timeline/filter-bar.tsx';
import { filterRows, NO_FILTERS, rowKey, type Filters, type Row } from './timeline/rows.ts';
import { TimelineList } from './timeline/timeline-list.tsx';

export interface AppProps {
  readonly feed: JournalFeed;
  readonly initialLanguage: Language;
  readonly initialDark: boolean;
}

/** Blueprint's dark class on the page, and the console's dark page background (spec §4: #151515). */
export function applyTheme(dark: boolean): void {
  document.body.classList.toggle(Classes.DARK, dark);
  document.body.style.backgroundColor = dark ? '#151515' : '';
  // The time line paints the same background: an opaque scroller is scrolled by the compositor (bench:cockpit).
  document.body.style.setProperty('--page-background', dark ? '#151515' : '#ffffff');
}

/** Remembered between visits, like the console's own choices. */
const LANGUAGE_KEY = 'cockpit.language';
const THEME_KEY = 'cockpit.theme';

/** The cockpit: the time line (filters, list, span) on the left; the entry, the drive controls and keep on the right. */
export function App({ feed, initialLanguage, initialDark }: AppProps) {
  useSyncExternalStore(feed.subscribe, feed.getVersion);
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [dark, setDark] = useState(initialDark);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<string | null>(null);
  const [span, setSpan] = useState<readonly [number, number] | null>(null);
  const [tab, setTab] = useState<string>('details');
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const t = useMemo(() => translator(language), [language]);

  const rows = useMemo(() => filterRows(feed.rows, filters), [feed.rows, filters]);
  const selectedRow = useMemo(() => (selected === null ? null : (rows.find((r) => rowKey(r) === selected) ?? null)), [rows, selected]);
  const spanRows = useMemo(() => (span ? rows.slice(span[0], span[1] + 1) : rows), [rows, span]);

  const say = useCallback(
    (text: string, ok: boolean) => {
      setSaid({ text, ok });
      feed.addAction(text, ok);
    },
    [feed],
  );
  const act = useCallback<Cockpit['act']>(
    async (name, body, describe) => {
      const answer = await control(name, body, { language });
      if (answer.ok) {
        say(describe(answer.data), true);
        if (name === 'journal/clear') feed.cleared();
        return answer.data;
      }
      say(t(answer.refused ? 'refused' : 'failed', { message: answer.message }), false);
      return null;
    },
    [feed, language, say, t],
  );
  const cockpit: Cockpit = { feed, language, selected: selectedRow, span: spanRows, act, say };

  // Stable, so the time line's memoised lines are not rendered again for a new handler.
  const anchorRef = useRef<number | null>(null);
  const onSelect = useCallback((row: Row, index: number, extend: boolean) => {
    setSelected(rowKey(row));
    if (extend && anchorRef.current !== null) setSpan([Math.min(anchorRef.current, index), Math.max(anchorRef.current, index)]);
    else {
      anchorRef.current = index;
      setSpan(null);
    }
  }, []);
  const chooseLanguage = (lng: Language) => {
    setLanguage(lng);
    localStorage.setItem(LANGUAGE_KEY, lng);
    document.documentElement.lang = lng;
  };
  const chooseDark = (on: boolean) => {
    setDark(on);
    localStorage.setItem(THEME_KEY, on ? 'dark' : 'light');
    applyTheme(on);
  };

  // Keyboard: the time line, filters and tabs without a mouse (shown by Blueprint's "?" dialog).
  const hotkeys = useMemo(
    () => [
      { combo: 'alt+1', global: true, label: t('tab.details'), onKeyDown: () => setTab('details') },
      { combo: 'alt+2', global: true, label: t('tab.drive'), onKeyDown: () => setTab('drive') },
      { combo: 'alt+3', global: true, label: t('tab.keep'), onKeyDown: () => setTab('keep') },
      { combo: 'alt+t', global: true, label: t('timeline'), onKeyDown: () => document.querySelector<HTMLElement>('.timeline-list')?.focus() },
    ],
    [t],
  );
  const { handleKeyDown, handleKeyUp } = useHotkeys(hotkeys);
  const status = feed.status;

  return (
    <I18nContext.Provider value={t}>
      <CockpitContext.Provider value={cockpit}>
        <div className="cockpit" onKeyDown={handleKeyDown} onKeyUp={handleKeyUp}>
          <Navbar>
            <NavbarGroup>
              <NavbarHeading>
                <h1 className="cockpit-title">{t('title')}</h1> <span className="muted">{t('subtitle')}</span>
              </NavbarHeading>
            </NavbarGroup>
            <NavbarGroup align="right">
              {/* Blueprint's Tag keeps its own role: the live region is the span around it. */}
              <span role="status" aria-live="polite" className="feed-status">
                <Tag intent={status.state === 'live' ? 'success' : status.state === 'offline' ? 'danger' : 'none'}>
                  {status.state === 'offline' ? t('offline', { reason: status.reason }) : t(status.state === 'live' ? 'live' : 'paused')}
                </Tag>
              </span>
              <HTMLSelect aria-label={t('language')} value={language} onChange={(e) => chooseLanguage(e.currentTarget.value as Language)}>
                {(Object.keys(LANGUAGES) as Language[]).map((l) => (
                  <option key={l} value={l}>
                    {l === 'zh-CN' ? '简体中文' : 'English'}
                  </option>
                ))}
              </HTMLSelect>
              <Button variant="minimal" icon={dark ? 'flash' : 'moon'} aria-label={t(dark ? 'theme_light' : 'theme_dark')} title={t(dark ? 'theme_light' : 'theme_dark')} onClick={() => chooseDark(!dark)} />
              <Button variant="minimal" icon="trash" text={t('journal.clear')} onClick={() => void act('journal/clear', {}, (d) => t('journal.cleared', d))} />
            </NavbarGroup>
          </Navbar>
          <main className="cockpit-main">
            <section className="timeline" aria-label={t('timeline')}>
              <FilterBar filters={filters} onChange={setFilters} />
              <div className="timeline-head muted">
                <span>{t('entries', { shown: rows.length, total: feed.rows.length })}</span>
                <span>{span ? t('span', { from: span[0] + 1, to: span[1] + 1 }) : t('span_whole')}</span>
              </div>
              <TimelineList rows={rows} selected={selected} span={span} onSelect={onSelect} />
            </section>
            <aside className="side">
              {said ? (
                <Callout className="said" intent={said.ok ? 'success' : 'danger'} role="status" aria-live="polite">
                  {said.text}
                </Callout>
              ) : null}
              <Tabs id="side-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
                <Tab id="details" title={t('tab.details')} panel={<EntryDetails row={selectedRow} />} />
                <Tab id="drive" title={t('tab.drive')} panel={<DrivePanel hint={accountHint(selectedRow, feed.rows)} />} />
                <Tab id="keep" title={t('tab.keep')} panel={<KeepPanel />} />
              </Tabs>
            </aside>
          </main>
        </div>
      </CockpitContext.Provider>
    </I18nContext.Provider>
  );
}
