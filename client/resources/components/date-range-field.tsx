import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateRangeInput, type DateRange, type DateRangeShortcut } from '@blueprintjs/datetime';
import { addDays, addMonths, format, startOfDay } from 'date-fns';
import { enUS, zhCN } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import styles from './date-range-field.module.css';

/** date-fns locale of the console language (passed explicitly: Blueprint's dynamic locale import fails under Vite). */
export function dateLocaleOf(language: string) {
  return language === 'en' ? enUS : zhCN;
}

export const DAY_FORMAT = 'yyyy-MM-dd';
export const formatDay = (d: Date) => format(d, DAY_FORMAT);

/** Spec §9 date shortcuts: last week, month, three months (and the next ones, for ranges that look ahead). */
export function rangeShortcuts(t: (k: string) => string, today: Date, ahead = false): DateRangeShortcut[] {
  const d = startOfDay(today);
  const past: DateRangeShortcut[] = [
    { label: t('resource.dates.last_week'), dateRange: [addDays(d, -7), d] },
    { label: t('resource.dates.last_month'), dateRange: [addMonths(d, -1), d] },
    { label: t('resource.dates.last_three_months'), dateRange: [addMonths(d, -3), d] },
  ];
  const next: DateRangeShortcut[] = [
    { label: t('resource.dates.next_week'), dateRange: [d, addDays(d, 7)] },
    { label: t('resource.dates.next_month'), dateRange: [d, addMonths(d, 1)] },
    { label: t('resource.dates.next_three_months'), dateRange: [d, addMonths(d, 3)] },
  ];
  return ahead ? [...past, ...next] : past;
}

export interface DateRangeFieldProps {
  value: DateRange;
  onChange(range: DateRange): void;
  /** Accessible names of the two inputs. */
  startLabel: string;
  endLabel: string;
  minDate?: Date;
  maxDate?: Date;
  shortcuts?: boolean | DateRangeShortcut[];
  /** Marks both inputs invalid. */
  invalid?: boolean;
  fill?: boolean;
}

/** Blueprint's DateRangeInput with the console's day format and language. */
export function DateRangeField(p: DateRangeFieldProps) {
  const { i18n } = useTranslation();
  return (
    <DateRangeInput
      // A fieldset (implicit role group): Blueprint puts aria-expanded on the element around both inputs, and
      // on a role-less div that is an ARIA error (Lighthouse, axe aria-allowed-attr).
      popoverProps={{ targetTagName: 'fieldset' }}
      className={styles.range}
      value={p.value}
      onChange={p.onChange}
      locale={dateLocaleOf(i18n.language)}
      dateFnsFormat={DAY_FORMAT}
      minDate={p.minDate}
      maxDate={p.maxDate}
      shortcuts={p.shortcuts ?? false}
      allowSingleDayRange
      singleMonthOnly
      fill={p.fill}
      startInputProps={{ 'aria-label': p.startLabel, placeholder: p.startLabel, intent: p.invalid ? 'danger' : 'none' }}
      endInputProps={{ 'aria-label': p.endLabel, placeholder: p.endLabel, intent: p.invalid ? 'danger' : 'none' }}
    />
  );
}
