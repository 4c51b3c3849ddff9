import { builtInNameKey, formatMoney, placeIn, type Locale } from '../../../contracts/index.ts';
import { AnchorButton, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isIdentifierField } from '../identifier.ts';
import type { ColumnDecl } from '../types.ts';
import styles from './resource-list.module.css';

const numberFormat = new Intl.NumberFormat();

/** One table cell, by the column's render kind. Values are rendered as text, never as HTML. */
export function Cell<Row>({ column, row, rows }: { column: ColumnDecl<Row>; row: Row; rows?: readonly Row[] }): ReactNode {
  const { t, i18n } = useTranslation();
  if (column.kind === 'custom') return column.render(row, rows ?? [row]);
  const value = (row as Record<string, unknown>)[column.field];
  if (value === undefined || value === null || value === '') return <span className={styles.muted}>—</span>;
  switch (column.kind) {
    case 'number':
      // A count is grouped (1,234); an identifier is its digits (thread 4101, not 4,101).
      return <span className={styles.number}>{typeof value === 'number' && !isIdentifierField(column.field) ? numberFormat.format(value) : String(value)}</span>;
    case 'money':
      return <span className={styles.number}>{typeof value === 'number' ? formatMoney(value) : String(value)}</span>;
    case 'date':
      return <span className={styles.date}>{String(value)}</span>;
    case 'enum': {
      const code = Number(value);
      return (
        <Tag minimal intent={column.intentOf?.(code) ?? Intent.NONE} round>
          {t(column.enum.labelKey(code))}
        </Tag>
      );
    }
    case 'word':
      // One word, or a comma-separated list of them (`site_message,realtime`): each through its label.
      return String(value)
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean)
        .map((w) => (
          <Tag key={w} minimal round className={styles.word}>
            {t(`${column.labels}.${w}`)}
          </Tag>
        ));
    case 'badge':
      return (
        <Tag minimal intent={column.intentOf(row)}>
          {String(value)}
        </Tag>
      );
    case 'progress': {
      const percent = Math.max(0, Math.min(100, Number(value)));
      const active = column.active?.(row) ?? false;
      return (
        <span className={styles.progress} title={`${percent}%`}>
          <ProgressBar value={percent / 100} intent={column.intentOf?.(row) ?? Intent.PRIMARY} stripes={active} animate={active} />
          <span className={styles.number}>{percent}%</span>
        </span>
      );
    }
    case 'place': {
      const text = placeIn(String(value), i18n.language as Locale);
      return (
        <span className={styles.text} title={text}>
          {text}
        </span>
      );
    }
    case 'link': {
      const href = column.href(row);
      // Only web addresses become links (a stored `javascript:` URL stays text).
      if (!/^https?:\/\//i.test(href)) return String(value);
      return (
        <AnchorButton variant="minimal" size="small" href={href} target="_blank" rel="noopener noreferrer" endIcon="share" className={styles.link}>
          {String(value)}
        </AnchorButton>
      );
    }
    default: {
      // One line, cut with an ellipsis; the whole text is in the title (hover) and in exports.
      const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
      const builtIn = column.kind === 'text' && column.builtIn ? builtInNameKey(column.builtIn, raw) : undefined;
      const text = builtIn ? t(builtIn) : raw;
      return (
        <span className={styles.text} title={text}>
          {text}
        </span>
      );
    }
  }
}
