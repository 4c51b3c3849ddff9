/** 'YYYY-MM-DD' of the browser's day `n` days before `today` (a shortcut sends only the start: the server's today ends it). */
function daysBefore(today: Date, n: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Spec §9's range shortcuts (last week, last month, last three months, each ending today) for range dashboards. */
export const rangePresets = [
  { id: 'week', values: (today: Date) => ({ start_date: daysBefore(today, 6) }) },
  { id: 'month', values: (today: Date) => ({ start_date: daysBefore(today, 29) }) },
  { id: 'quarter', values: (today: Date) => ({ start_date: daysBefore(today, 89) }) },
] as const;

/** The date filters of a range dashboard. */
export const rangeFilters = [
  { field: 'start_date', kind: 'date' },
  { field: 'end_date', kind: 'date' },
] as const;
