import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../resource-slice.ts';
import styles from './resource-list.module.css';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** "1–20 of 134", page buttons and the page size (every size stays within contracts' PAGE_SIZE_MAX). */
export function Pagination({ page, pageSize, total, onPage, onPageSize }: PaginationProps) {
  const { t } = useTranslation();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pagination} aria-label={t('resource.pagination.label')}>
      <span className={styles.muted} aria-live="polite">
        {t('resource.pagination.range', { from, to, total })}
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
          <Button disabled className={styles.pageOf} text={t('resource.pagination.page_of', { page, pages })} />
          <Button icon="chevron-right" aria-label={t('resource.pagination.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} />
          <Button icon="double-chevron-right" aria-label={t('resource.pagination.last')} disabled={page >= pages} onClick={() => onPage(pages)} />
        </ButtonGroup>
      </div>
    </nav>
  );
}
