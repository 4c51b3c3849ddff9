import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../resource-slice.ts';
import styles from './resource-list.module.css';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a floor (a capped count, contracts' cappedPageOf): "10,000+", and paging goes on past it. */
  capped?: boolean;
  /** Rows on the current page (with `capped`: whether a next page may exist, and where this one ends). */
  shown?: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** "1–20 of 134" (or "1–20 of 10,000+"), page buttons and the page size (every size stays within contracts' PAGE_SIZE_MAX). */
export function Pagination({ page, pageSize, total, capped = false, shown = pageSize, onPage, onPageSize }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const pages = Math.max(1, Math.ceil(total / pageSize), capped ? page : 1);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = capped ? (page - 1) * pageSize + shown : Math.min(total, page * pageSize);
  // Past a capped total the last page is unknown: "next" while the page is full, no "last".
  const hasNext = page < pages || (capped && shown >= pageSize);
  const counts = { from: number.format(from), to: number.format(to), total: number.format(total), page: number.format(page), pages: number.format(pages) };
  return (
    <nav className={styles.pagination} aria-label={t('resource.pagination.label')}>
      <span className={styles.muted} aria-live="polite">
        {t(capped ? 'resource.pagination.range_capped' : 'resource.pagination.range', counts)}
      </span>
      <div className={styles.paginationControls}>
        <label htmlFor={id} className={styles.muted}>
          {t('resource.pagination.page_size')}
        </label>
        <HTMLSelect id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.currentTarget.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </HTMLSelect>
        <ButtonGroup variant="outlined">
          <Button icon="double-chevron-left" aria-label={t('resource.pagination.first')} disabled={page <= 1} onClick={() => onPage(1)} />
          <Button icon="chevron-left" aria-label={t('resource.pagination.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
          <Button disabled className={styles.pageOf} text={t(capped ? 'resource.pagination.page_of_capped' : 'resource.pagination.page_of', counts)} />
          <Button icon="chevron-right" aria-label={t('resource.pagination.next')} disabled={!hasNext} onClick={() => onPage(page + 1)} />
          <Button icon="double-chevron-right" aria-label={t('resource.pagination.last')} disabled={capped || page >= pages} onClick={() => onPage(pages)} />
        </ButtonGroup>
      </div>
    </nav>
  );
}
