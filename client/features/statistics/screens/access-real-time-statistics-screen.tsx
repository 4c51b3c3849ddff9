import { Callout, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../../components/screen-frame.tsx';
import { DashboardFigures } from '../../../resources/dashboard/dashboard-screen.tsx';
import { DashboardFilters } from '../../../resources/dashboard/dashboard-filters.tsx';
import { table, type DashboardDecl } from '../../../resources/dashboard/define-dashboard.ts';
import { useLiveStatistics, type LiveFigures } from '../live-figures.ts';
import { liveEvents, type LiveStatus } from '../live-slice.ts';

const P = 'resources.access_real_time_statistics';

/**
 * /customer/access_real_time_statistics: visits as they happen, pushed over the socket (frame 21, batched per
 * second by the server; no polling). Declared on the dashboard kind's figures, fed from the live slice instead
 * of one read; the saga (sagas/live-sagas.ts) subscribes, merges by second, pauses while the tab is hidden.
 */
export const liveDashboard: Pick<DashboardDecl<LiveFigures>, 'name' | 'cards' | 'charts' | 'tables'> = {
  name: 'access_real_time_statistics',
  cards: [
    { id: 'last_minute', icon: 'pulse', intent: 'primary', value: (d) => d.lastMinute },
    { id: 'last_five_minutes', icon: 'time', value: (d) => d.lastFiveMinutes },
    { id: 'last_hour', icon: 'history', value: (d) => d.lastHour },
  ],
  charts: [
    { id: 'per_second', kind: 'line', labels: (d) => d.perSecond.map((x) => x.label), series: [{ id: 'visits', values: (d) => d.perSecond.map((x) => x.n) }] },
    { id: 'per_minute', kind: 'line', labels: (d) => d.perMinute.map((x) => x.label), series: [{ id: 'visits', values: (d) => d.perMinute.map((x) => x.n) }] },
  ],
  tables: [
    table<LiveFigures, LiveFigures['visits'][number]>({
      id: 'visits',
      rows: (d) => d.visits,
      columns: [
        { field: 'time' },
        { field: 'file_name' },
        { field: 'domain' },
        { field: 'ip' },
        { field: 'location', kind: 'place' },
        { field: 'device', labels: 'resources.today_statistics.device.' },
      ],
      empty: `${P}.no_visits`,
      wide: true,
    }),
  ],
};

const STATUS_INTENT: Record<LiveStatus, 'success' | 'warning' | 'danger' | 'none'> = { idle: 'none', loading: 'none', live: 'success', paused: 'warning', failed: 'danger' };

export default function AccessRealTimeStatisticsScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [userId, setUserId] = useState<number | null>(null);
  const { status, figures } = useLiveStatistics();
  useEffect(() => {
    dispatch(liveEvents.opened({ userId }));
    return () => void dispatch(liveEvents.left());
  }, [dispatch, userId]);
  return (
    <ScreenFrame
      title={t('menu.access_real_time_statistics')}
      description={t(`${P}.description`)}
      actions={
        <Tag intent={STATUS_INTENT[status]} round data-live-status={status}>
          {t(`${P}.status.${status}`)}
        </Tag>
      }
    >
      <DashboardFilters
        name="access_real_time_statistics"
        filters={[{ field: 'user_id', kind: 'id', roles: ['super_admin', 'admin', 'agent'] }]}
        onApply={(v) => setUserId(typeof v.user_id === 'number' ? v.user_id : null)}
      />
      {status === 'failed' && <Callout intent="danger" title={t(`${P}.failed`)} />}
      {status === 'paused' && <Callout intent="warning" title={t(`${P}.paused`)} />}
      {figures && (status === 'live' || status === 'paused') ? (
        <DashboardFigures decl={liveDashboard} data={figures} />
      ) : (
        <NonIdealState icon={<Spinner size={24} />} />
      )}
    </ScreenFrame>
  );
}
