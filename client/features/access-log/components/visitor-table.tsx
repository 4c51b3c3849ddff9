import '@blueprintjs/table/lib/css/table.css';
import { Cell, Column, Table2, type CellRenderer } from '@blueprintjs/table';
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ipBadge, placeIn, sourceParts, type Locale, type VisitorContext, type VisitorRecord } from '../../../../contracts/index.ts';
import { IpCell } from '../../../components/ip-badge.tsx';
import styles from '../screens/access-log-screen.module.css';

export interface VisitorTableProps {
  records: readonly VisitorRecord[];
  /** Built once over the whole result (badges compare a visitor with the others). */
  context: VisitorContext;
}

const WIDTHS = [56, 170, 72, 190, 170, 230, 300, 420];
const ROW_HEIGHT = 30;
// Cells center their one line in the row (Blueprint's cell sets a 20 px line box at the top).
const CELL_STYLE = { lineHeight: `${ROW_HEIGHT - 1}px` };

/**
 * The results: Blueprint Table2, virtualized (only visible rows and columns render), so 100,000 visitors
 * paint and scroll like 100. Every text is rendered as text, never as HTML.
 */
export function VisitorTable({ records, context }: VisitorTableProps) {
  const { t, i18n } = useTranslation();
  const text = (get: (r: VisitorRecord) => string | number): CellRenderer =>
    function TextCell(row) {
      const r = records[row];
      return <Cell className={styles.cell} style={CELL_STYLE}>{r ? String(get(r)) : ''}</Cell>;
    };
  const columns: { name: string; render: CellRenderer }[] = [
    { name: '#', render: (row) => <Cell className={`${styles.cell} ${styles.muted}`} style={CELL_STYLE}>{row + 1}</Cell> },
    {
      name: t('access_log.columns.ip'),
      render: (row) => {
        const r = records[row];
        return <Cell className={styles.cell} style={CELL_STYLE}>{r ? <IpCell ip={r.ip} badge={ipBadge(r, context)} /> : null}</Cell>;
      },
    },
    { name: t('access_log.columns.ip_count'), render: text((r) => r.ip_count) },
    { name: t('access_log.columns.domain'), render: text((r) => r.domain) },
    { name: t('access_log.columns.latest_create_time'), render: text((r) => r.latest_create_time) },
    { name: t('access_log.columns.latest_ip_belong'), render: text((r) => placeIn(r.latest_ip_belong, i18n.language as Locale)) },
    {
      name: t('access_log.columns.latest_source'),
      render: (row) => {
        const r = records[row];
        return (
          <Cell className={styles.cell} style={CELL_STYLE}>
            {r
              ? sourceParts(r.latest_source).map((p, i) => (
                  <Tag key={i} minimal className={styles.sourceTag}>
                    {p}
                  </Tag>
                ))
              : null}
          </Cell>
        );
      },
    },
    { name: t('access_log.columns.latest_user_agent'), render: text((r) => r.latest_user_agent) },
  ];
  return (
    <div className={styles.table} data-testid="visitor-table">
      <Table2
        numRows={records.length}
        columnWidths={WIDTHS}
        defaultRowHeight={ROW_HEIGHT}
        enableRowHeader={false}
        enableColumnResizing
        enableMultipleSelection={false}
        cellRendererDependencies={[records, context, t]}
      >
        {columns.map((c) => (
          <Column key={c.name} name={c.name} cellRenderer={c.render} />
        ))}
      </Table2>
    </div>
  );
}
