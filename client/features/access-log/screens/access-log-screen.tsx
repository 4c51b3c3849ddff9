import { Button, Callout, Card, H2, H3, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { parse } from 'date-fns';
import {
  ACCESS_LOG_FILTERS,
  IP_BADGE_LEGEND,
  applyAccessLogFilter,
  buildVisitorContext,
  type AccessLogFilter,
  type VisitorRecord,
} from '../../../../contracts/index.ts';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { ThemeSwitcher } from '../../../components/theme-switcher.tsx';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { dataOf } from '../../../state/async.ts';
import type { CoreState } from '../../../state/core.ts';
import { accessLogEvents, type AccessLogState } from '../access-log-slice.ts';
import { BadgeTag } from '../../../components/ip-badge.tsx';
import { SearchForm } from '../components/search-form.tsx';
import styles from './access-log-screen.module.css';

const EMPTY: readonly VisitorRecord[] = [];
/**
 * The result table (Blueprint's table and its CSS) is fetched when there are results to show: the page's first
 * load does not evaluate it (issue 25: it was part of the long tasks of /access_log's first load).
 */
const VisitorTable = lazy(() => import('../components/visitor-table.tsx').then((m) => ({ default: m.VisitorTable })));

/**
 * The server's today as a date the pickers show (its 'YYYY-MM-DD' at the browser's midnight, so the calendar
 * shows that day whatever the browser's zone); null while the site info is on its way. Only if it cannot be
 * read at all does the browser's own day stand in (the server still checks).
 */
function serverToday(info: CoreState['settings']['websiteInfo']): Date | null {
  const data = dataOf(info);
  if (data?.today) return parse(data.today, 'yyyy-MM-dd', new Date());
  return info.status === 'failed' ? new Date() : null;
}
const NO_COUNTS = Object.fromEntries(ACCESS_LOG_FILTERS.map((f) => [f, 0])) as Record<AccessLogFilter, number>;

/**
 * /access_log (public, no login): look up which of a list of IPs visited a QR code in the last days. Filter
 * buttons count live over the result; the legend explains the IP badges of §9.
 */
export default function AccessLogScreen() {
  const { t } = useTranslation();
  const say = useUserMessage();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const state = useSelector((s: { accessLog: AccessLogState }) => s.accessLog);
  const [filter, setFilter] = useState<AccessLogFilter | null>(null);
  // The date rules are the server's (its calendar refuses a day it has not reached): start from its today.
  const info = useSelector((s: CoreState) => s.settings.websiteInfo);
  const today = useMemo(() => serverToday(info), [info]);

  const records = 'records' in state && state.records ? state.records : EMPTY;
  // The badges need the context before the first paint (≈ 20 ms for 100,000 visitors); the counts come from
  // the saga, after that paint for a large result ('…' until then).
  const context = useMemo(() => buildVisitorContext(records), [records]);
  const counts = 'counts' in state && state.counts ? state.counts : records.length ? undefined : NO_COUNTS;
  // No filter: the records themselves, not a 100,000-item copy.
  const shown = useMemo(() => (filter ? applyAccessLogFilter(records, filter, context) : records), [records, filter, context]);

  const searched = state.status !== 'idle';
  return (
    <main className={styles.page}>
      <header className={styles.head}>
        <H2>{t('access_log.title')}</H2>
        <div className={styles.tools}>
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <div className={styles.layout}>
        <Card elevation={1}>
          {today === null ? (
            <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />
          ) : (
          <SearchForm
            key={today.getTime()}
            initial={{ file_name: params.get('file_name') ?? '', key: params.get('key') ?? '' }}
            today={today}
            busy={state.status === 'loading'}
            onSearch={(body) => {
              setFilter(null);
              dispatch(accessLogEvents.searchSubmitted(body));
            }}
          />
          )}
        </Card>
        <section className={styles.results} aria-label={t('access_log.results')}>
          <div className={styles.filters} role="group" aria-label={t('access_log.filters.label')}>
            <Button
              size="small"
              active={filter === null}
              intent={filter === null ? Intent.PRIMARY : Intent.NONE}
              variant={filter === null ? 'solid' : 'outlined'}
              text={t('access_log.filters.all', { count: records.length })}
              onClick={() => setFilter(null)}
            />
            {ACCESS_LOG_FILTERS.map((f) => (
              <Button
                key={f}
                size="small"
                active={filter === f}
                aria-pressed={filter === f}
                intent={filter === f ? Intent.PRIMARY : Intent.NONE}
                variant={filter === f ? 'solid' : 'outlined'}
                disabled={counts ? !counts[f] && filter !== f : false}
                text={t(`access_log.filters.${f}`, { count: counts ? counts[f] : '…' })}
                onClick={() => setFilter(filter === f ? null : f)}
                data-filter={f}
              />
            ))}
          </div>
          <div className={styles.legend} aria-label={t('access_log.legend')}>
            <H3 style={{ margin: 0, fontSize: 12 }}>{t('access_log.legend')}</H3>
            {IP_BADGE_LEGEND.map((b) => (
              <span key={b.badge} className={styles.legendItem}>
                <BadgeTag badge={b.badge}>IP</BadgeTag>
                {t(b.labelKey)}
              </span>
            ))}
          </div>
          {state.status === 'failed' && (
            <Callout intent={Intent.DANGER} role="alert" compact>
              {say(state.error)}
            </Callout>
          )}
          {!searched ? (
            <Card>
              <NonIdealState icon="search" title={t('access_log.empty.title')} description={t('access_log.empty.description')} />
            </Card>
          ) : state.status === 'loading' && !records.length ? (
            <Card>
              <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />
            </Card>
          ) : records.length === 0 && state.status === 'succeeded' ? (
            <Card>
              <NonIdealState icon="inbox" title={t('access_log.none.title')} description={t('access_log.none.description')} />
            </Card>
          ) : records.length > 0 ? (
            <>
              <div className={styles.summary} aria-live="polite">
                <span>{t('access_log.summary', { shown: shown.length, total: records.length })}</span>
              </div>
              <Suspense
                fallback={
                  <Card>
                    <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />
                  </Card>
                }
              >
                <VisitorTable records={shown} context={context} />
              </Suspense>
            </>
          ) : null}
        </section>
      </div>
    </main>
  );
}
