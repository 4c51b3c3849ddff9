import { Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { reachOf, type ConnectivityState, type Reach } from '../connectivity-slice.ts';
import styles from './online-indicator.module.css';

const INTENT = { online: 'success', offline: 'danger', checking: 'none', reconnecting: 'warning', disconnected: 'warning' } as const;
const ICON = { online: 'tick-circle', offline: 'error', checking: 'refresh', reconnecting: 'refresh', disconnected: 'disable' } as const;
const REACHES = Object.keys(INTENT) as Reach[];

/** Reach as the header shows it (the 10 s ping and, with a session, the real-time socket). */
export function useReach(): Reach {
  return useSelector((s: { connectivity: ConnectivityState }) => reachOf(s.connectivity));
}

// Icons already bundled eagerly by components/icons.ts, so the header draws them without the lazy chunk.
/** Header indicator: online / offline / checking, with a tooltip saying what is measured. */
export function OnlineIndicator() {
  const { t } = useTranslation();
  const reach = useReach();
  return (
    <Tooltip content={t('connectivity.explain')} placement="bottom">
      {/* Tag does not pass `role` through: the live region is this wrapper. */}
      <span role="status" aria-label={t('connectivity.label')} data-reach={reach}>
        <Tag round minimal intent={INTENT[reach]} icon={ICON[reach]}>
          <span className={styles.labels}>
            {REACHES.map((r) => (
              <span key={r} className={r === reach ? undefined : styles.other} aria-hidden={r === reach ? undefined : true}>
                {t(`connectivity.${r}`)}
              </span>
            ))}
          </span>
        </Tag>
      </span>
    </Tooltip>
  );
}
