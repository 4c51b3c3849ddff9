import { Button, Callout, H2 } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordGate } from '../record/record-gate.tsx';
import { useRecord } from '../record/use-record.ts';
import { BREAKDOWN_DIMENSIONS, BREAKDOWN_KEYS, toggleHighlight, type Highlight } from './breakdown-model.ts';
import { BreakdownPanel, useBreakdownLabel } from './breakdown-panel.tsx';
import type { BreakdownsDecl } from './define-dashboard.ts';
import type { FilterValues } from './dashboard-filters.tsx';
import styles from './dashboard.module.css';

/** The filters the breakdown call understands; the dashboard's other filters do not narrow it. */
const SCOPE_FILTERS = ['user_id', 'qr_code_id'] as const;

/**
 * The declared breakdowns of the period shown above: one read of statistics/breakdown, one card per
 * breakdown. Clicking a row highlights it in the others (Shlink's cross-tab highlighting); clicking it again
 * or Escape clears.
 */
export function BreakdownSection<D>({ name, decl, data, filters }: { name: string; decl: BreakdownsDecl<D>; data: D; filters: FilterValues }) {
  const { t } = useTranslation();
  const scope = Object.fromEntries(SCOPE_FILTERS.filter((f) => filters[f] !== undefined).map((f) => [f, filters[f]]));
  const { state, data: answer, reload } = useRecord(decl.record!, { ...decl.period(data), ...scope });
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const label = useBreakdownLabel();
  // A new period or scope: the highlighted row may not exist there.
  const periodKey = answer ? `${answer.start_date}/${answer.end_date}` : '';
  useEffect(() => setHighlight(null), [periodKey]);
  useEffect(() => {
    if (!highlight) return;
    const clear = (e: KeyboardEvent) => e.key === 'Escape' && setHighlight(null);
    document.addEventListener('keydown', clear);
    return () => document.removeEventListener('keydown', clear);
  }, [highlight]);
  const dimensions = decl.dimensions ?? BREAKDOWN_DIMENSIONS;
  return (
    <section className={styles.breakdowns} aria-label={t('resource.dashboard.breakdowns.title')}>
      <div className={styles.panelHead}>
        <H2 className={styles.sectionTitle}>{t('resource.dashboard.breakdowns.title')}</H2>
        {highlight && (
          <Button
            small
            variant="minimal"
            icon="cross"
            text={t('resource.dashboard.breakdowns.clear')}
            onClick={() => setHighlight(null)}
          />
        )}
      </div>
      <RecordGate state={state} data={answer} onRetry={reload}>
        {(b) => (
          <>
            {highlight && (
              <Callout intent="primary" compact role="status" data-highlight={highlight.dimension}>
                {t('resource.dashboard.breakdowns.highlighting', {
                  dimension: t(`resource.dashboard.breakdowns.dimensions.${highlight.dimension}`),
                  value: label(highlight.dimension, highlight.key),
                  visits: b.cells.filter((c) => BREAKDOWN_KEYS[highlight.dimension](c) === highlight.key).reduce((a, c) => a + c.view_number, 0),
                })}
              </Callout>
            )}
            <div className={styles.breakdownGrid}>
              {dimensions.map((d) => (
                <BreakdownPanel
                  key={d}
                  name={name}
                  dimension={d}
                  cells={b.cells}
                  highlight={highlight}
                  onPick={(key) => setHighlight((h) => toggleHighlight(h, { dimension: d, key }))}
                />
              ))}
            </div>
          </>
        )}
      </RecordGate>
    </section>
  );
}
