import { Classes, type Intent } from '@blueprintjs/core';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n.tsx';
import { clockOf, markOf, nameOf, rowKey, statusOf, type Row } from './rows.ts';

/** Height of one line in px: fixed, so the visible slice is arithmetic (no measuring of 10,000 rows). */
export const ROW_HEIGHT = 26;
/**
 * A tag's look without Blueprint's Tag component: Tag measures its text for an ellipsis after every render (a
 * forced layout each), which made every scroll frame of the time line a long task (bench:cockpit).
 */
const tagClass = (intent: Intent, minimal = false) => [Classes.TAG, Classes.intentClass(intent), minimal ? Classes.MINIMAL : '', 'line-tag'].filter(Boolean).join(' ');

/** A kind's look on its line: the cockpit's own actions, frames and the console's effects stand apart from calls. */
const KIND_INTENT: Partial<Record<Row['kind'], Intent>> = { action: 'primary', frame: 'success', effect: 'warning' };

/**
 * Lines rendered above and below the visible ones, so a wheel or key step shows no blank band. Few: a dragged
 * scroll bar brings in all-new lines each frame, and every line drawn costs layout and paint (bench:cockpit).
 */
const OVERSCAN = 3;

export interface TimelineListProps {
  readonly rows: readonly Row[];
  /** Key of the selected row, or null. */
  readonly selected: string | null;
  /** Keys of the span's ends (Shift+click), or null for the whole session. */
  readonly span: readonly [number, number] | null;
  readonly onSelect: (row: Row, index: number, extend: boolean) => void;
}

/**
 * The time line: a virtualised list (only the visible lines and a margin are in the DOM), newest at the bottom,
 * following new entries while scrolled to the end. Keyboard: arrows move the selection, Home/End jump,
 * Shift+arrow extends the span.
 */
export function TimelineList({ rows, selected, span, onSelect }: TimelineListProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  // Follow the newest entry while the view is at the end (a person scrolled up to read stays where they are).
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [rows.length]);

  // Looked up once per list or selection, not on every scroll step (a walk over up to 20,000 rows).
  const index = useMemo(() => (selected === null ? -1 : rows.findIndex((r) => rowKey(r) === selected)), [rows, selected]);
  useEffect(() => {
    const el = box.current;
    if (!el || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [index]);

  // Lines are keyed by their slot (position modulo the number of lines drawn), not by their entry: a line that
  // leaves the view gives its elements to the one that comes in, so a scroll step changes texts and attributes in
  // place instead of removing and creating elements (each new element costs style, layout and paint layers;
  // bench:cockpit). The count is the same wherever the view is (fewer only at the list's ends), so every slot
  // finds its element again.
  const slots = Math.ceil(height / ROW_HEIGHT) + 1 + 2 * OVERSCAN;
  const first = Math.max(0, Math.min(Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN, rows.length - slots));
  const last = Math.min(rows.length, first + slots);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!rows.length) return;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20 };
    let next: number | null = null;
    if (e.key in moves) next = Math.min(rows.length - 1, Math.max(0, (index < 0 ? rows.length - 1 : index) + moves[e.key]!));
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = rows.length - 1;
    if (next === null) return;
    e.preventDefault();
    onSelect(rows[next]!, next, e.shiftKey);
  };

  return (
    <div
      ref={box}
      className="timeline-list"
      role="listbox"
      tabIndex={0}
      aria-label={t('timeline')}
      aria-activedescendant={index >= 0 ? `row-${selected}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        // Only scrollTop is read: the heights are known by arithmetic (reading scrollHeight here forced a layout
        // of the whole list on every scroll event, most of a frame at 10,000 lines; bench:cockpit).
        const top = e.currentTarget.scrollTop;
        setScrollTop(top);
        atEnd.current = top + height >= rows.length * ROW_HEIGHT - ROW_HEIGHT;
      }}
    >
      <div style={{ paddingTop: first * ROW_HEIGHT, paddingBottom: (rows.length - last) * ROW_HEIGHT }}>
        {rows.slice(first, last).map((r, i) => {
          const at = first + i;
          const key = rowKey(r);
          return (
            <TimelineLine
              key={at % slots}
              row={r}
              at={at}
              size={rows.length}
              selected={key === selected}
              inSpan={span !== null && at >= span[0] && at <= span[1]}
              onSelect={onSelect}
            />
          );
        })}
      </div>
    </div>
  );
}

interface LineProps {
  readonly row: Row;
  readonly at: number;
  readonly size: number;
  readonly selected: boolean;
  readonly inSpan: boolean;
  readonly onSelect: (row: Row, index: number, extend: boolean) => void;
}

/** One line; memoised, so a scroll renders only the lines whose entry changed. */
const TimelineLine = memo(function TimelineLine({ row: r, at, size, selected, inSpan, onSelect }: LineProps) {
  const t = useT();
  const key = rowKey(r);
  const mark = markOf(r);
  const status = statusOf(r);
  return (
    <div
      id={`row-${key}`}
      role="option"
      aria-selected={selected}
      aria-posinset={at + 1}
      aria-setsize={size}
      data-seq={r.kind === 'action' ? undefined : r.seq}
      data-mark={mark ?? undefined}
      className={`timeline-row${selected ? ' is-selected' : ''}${inSpan ? ' in-span' : ''}${mark ? ` is-${mark}` : ''}`}
      style={{ height: ROW_HEIGHT }}
      onClick={(e) => onSelect(r, at, e.shiftKey)}
    >
      <span className={`cell time ${Classes.MONOSPACE_TEXT}`}>{clockOf(r.at_ms)}</span>
      <span className="cell kind">
        <span className={tagClass(KIND_INTENT[r.kind] ?? 'none', true)}>{t(`kind.${r.kind}`)}</span>
      </span>
      <span className="cell name">{nameOf(r)}</span>
      <span className="cell who">{r.kind === 'action' ? '' : (r.account ?? '')}</span>
      <span className="cell status">
        {status !== null ? <span className={tagClass(mark ? 'warning' : 'none')}>{status}</span> : null}{' '}
        {mark === 'fault' && r.kind !== 'action' ? <span className={tagClass('danger')}>{r.fault}</span> : null}
      </span>
      <span className="cell summary">{r.summary}</span>
    </div>
  );
});
