import { formatDay, shortcutRange, type DateShortcut } from '../../resources/date-shortcuts.ts';

/** The first day of a §9 shortcut (a preset sends only the start: the server's today ends it). */
const startOf = (shortcut: DateShortcut) => (today: Date) => ({ start_date: formatDay(shortcutRange(shortcut, today)[0]) });

/**
 * Spec §9's range shortcuts for range dashboards: last week, last month, last three months, each ending today,
 * counted as every date picker counts them (date-shortcuts.ts: calendar months, not 30 or 90 days).
 */
export const rangePresets = [
  { id: 'week', values: startOf('last_week') },
  { id: 'month', values: startOf('last_month') },
  { id: 'quarter', values: startOf('last_three_months') },
] as const;

/** The date filters of a range dashboard. */
export const rangeFilters = [
  { field: 'start_date', kind: 'date' },
  { field: 'end_date', kind: 'date' },
] as const;
