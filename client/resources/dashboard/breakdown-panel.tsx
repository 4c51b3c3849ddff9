import { Button, Card, Classes, H3, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { placeIn, type BreakdownCell, type Locale } from '../../../contracts/index.ts';
import { downloadText } from '../effects/download.ts';
import { csvText } from '../query.ts';
import { breakdownRows, type BreakdownDimension, type Highlight } from './breakdown-model.ts';
import styles from './dashboard.module.css';

const P = 'resource.dashboard.breakdowns';
/** Breakdowns whose keys are codes with labels of their own ('' is always "unknown"). */
const LABELLED: Partial<Record<BreakdownDimension, string>> = { device: `${P}.device.`, carrier: `${P}.carrier.` };
/** Breakdowns whose keys are places the IP service wrote: its words in the user's language. */
const PLACES: ReadonlySet<BreakdownDimension> = new Set(['province', 'city']);

/** The text of a breakdown row's key in the user's language. */
export function useBreakdownLabel() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  return useCallback(
    (dimension: BreakdownDimension, key: string) =>
      key === '' ? t(`${P}.unknown`) : LABELLED[dimension] ? t(`${LABELLED[dimension]}${key}`) : PLACES.has(dimension) ? placeIn(key, lng) : key,
    [t, lng],
  );
}

/**
 * One breakdown in a card: a row per value with its visits and a bar; under a highlight, each row also shows
 * how many of the highlighted visits fall in it (blue part of the bar, "n / total"). Rows are buttons.
 */
export function BreakdownPanel({
  name,
  dimension,
  cells,
  highlight,
  onPick,
}: {
  name: string;
  dimension: BreakdownDimension;
  cells: readonly BreakdownCell[];
  highlight: Highlight | null;
  onPick(key: string): void;
}) {
  const { t, i18n } = useTranslation();
  const label = useBreakdownLabel();
  const rows = breakdownRows(cells, dimension, highlight);
  const max = Math.max(1, ...rows.map((r) => r.total));
  const number = new Intl.NumberFormat(i18n.language);
  const title = t(`${P}.dimensions.${dimension}`);
  const cut = highlight && highlight.dimension !== dimension;
  const exportCsv = () => {
    const header = [title, t(`${P}.visits`), ...(highlight ? [t(`${P}.highlighted_column`, { value: label(highlight.dimension, highlight.key) })] : [])];
    const data = rows.map((r) => [label(dimension, r.key), String(r.total), ...(highlight ? [String(r.highlighted)] : [])]);
    downloadText(`${name}-breakdown-${dimension}.csv`, csvText(header, data), 'text/csv;charset=utf-8');
  };
  return (
    <Card className={styles.panel} data-breakdown={dimension}>
      <div className={styles.panelHead}>
        <H3 className={styles.cardTitle}>{title}</H3>
        {rows.length > 0 && (
          <Button small icon="download" text={t('resource.dashboard.csv')} aria-label={`${t('resource.dashboard.csv')} · ${title}`} onClick={exportCsv} />
        )}
      </div>
      {rows.length ? (
        <HTMLTable compact className={styles.table} aria-label={title}>
          <thead>
            <tr>
              <th>{title}</th>
              <th className={styles.numeric}>{t(`${P}.visits`)}</th>
              <th>{t(`${P}.share`)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-key={r.key} data-selected={r.selected || undefined} data-highlighted={cut ? r.highlighted : undefined}>
                <td>
                  <Button
                    className={styles.rowButton}
                    variant="minimal"
                    small
                    alignText="start"
                    intent={r.selected ? 'primary' : 'none'}
                    active={r.selected}
                    aria-pressed={r.selected}
                    text={label(dimension, r.key)}
                    onClick={() => onPick(r.key)}
                  />
                </td>
                <td className={styles.numeric}>
                  {cut ? (
                    <>
                      <strong>{number.format(r.highlighted)}</strong>
                      <span className={Classes.TEXT_MUTED}> / {number.format(r.total)}</span>
                    </>
                  ) : (
                    number.format(r.total)
                  )}
                </td>
                <td>
                  <div className={styles.bar}>
                    <div className={styles.barTotal} style={{ width: `${(100 * r.total) / max}%` }} />
                    {highlight && <div className={styles.barHit} style={{ width: `${(100 * r.highlighted) / max}%` }} />}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <NonIdealState icon="th" title={t(`${P}.empty`)} />
      )}
    </Card>
  );
}
