import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { columnsToDrop } from '../../column-priority.ts';
import { columnId } from '../../query.ts';
import type { ColumnDecl } from '../../types.ts';
import { useBoxWidth } from './use-box-width.ts';

/**
 * The columns a table shows so that it fits its box, measured before paint (column-priority.ts says which go
 * first): at rest nothing lies under the actions column pinned at the right edge, and the columns that say
 * what a row is and its figure stay. Measured with every column in, again whenever the box's width, the
 * columns or the rows change; what is left out is named (ids) for the column chooser. When even the columns
 * kept to the last do not fit, `crowded` folds each row's buttons into one menu rather than lay them over those
 * columns. Without layout (jsdom) nothing is left out.
 */
export function useFitColumns<Row>(columns: readonly ColumnDecl<Row>[], rows: readonly Row[]) {
  const [boxRef, width] = useBoxWidth();
  const box = useRef<HTMLElement | null>(null);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      box.current = el;
      boxRef(el);
    },
    [boxRef],
  );
  const ids = columns.map(columnId).join('\u0000');
  const [fit, setFit] = useState<{ for: unknown[]; dropped: readonly string[]; crowded: boolean } | null>(null);
  // The rows by identity (a new page), an empty list as one value (each render makes a new empty array).
  const measuredFor = [width, ids, rows.length ? rows : 0];
  const current = fit !== null && fit.for.every((x, i) => x === measuredFor[i]);
  useLayoutEffect(() => {
    if (current) return;
    const el = box.current;
    const table = el?.querySelector('table');
    if (!el || !table || el.clientWidth === 0) return setFit({ for: measuredFor, dropped: [], crowded: false });
    // Every column is in (this render showed them all): what it is too wide by, and each column's width.
    const heads = [...table.querySelectorAll<HTMLElement>('thead th[data-column]')];
    const widthOf = (i: number) => heads.find((h) => h.dataset.column === columnId(columns[i]!))?.offsetWidth ?? 0;
    const dropped = columnsToDrop(columns, table.scrollWidth - el.clientWidth, widthOf);
    setFit({ for: measuredFor, dropped: [...dropped].map((i) => columnId(columns[i]!)), crowded: !dropped.fits });
  });
  // Crowded: even the columns kept to the last do not fit beside the row's buttons (a phone): those fold into one menu.
  return { ref, dropped: current ? fit.dropped : [], crowded: current ? fit.crowded : false };
}
