import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateRangeInput, type DateRange, type DateRangeShortcut } from '@blueprintjs/datetime';
import { enUS, zhCN } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, formatDay, NEXT_SHORTCUTS, PAST_SHORTCUTS, shortcutRange } from '../date-shortcuts.ts';
import styles from './date-range-field.module.css';

/** date-fns locale of the console language (passed explicitly: Blueprint's dynamic locale import fails under Vite). */
export function dateLocaleOf(language: string) {
  return language === 'en' ? enUS : zhCN;
}

export { DAY_FORMAT, formatDay };

/** Spec §9 date shortcuts (date-shortcuts.ts): last week, month, three months (and the next ones, for ranges that look ahead). */
export function rangeShortcuts(t: (k: string) => string, today: Date, ahead = false): DateRangeShortcut[] {
  return [...PAST_SHORTCUTS, ...(ahead ? NEXT_SHORTCUTS : [])].map((s) => ({ label: t(`resource.dates.${s}`), dateRange: shortcutRange(s, today) }));
}

/** What is wrong with a typed date, once the input is left: not a date, or outside the dates allowed. */
export type DateProblem = { readonly kind: 'invalid' } | { readonly kind: 'out_of_range'; readonly day: string };

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
  /**
   * A typed date the range cannot take (Blueprint puts the last good one back when the input is left): said by
   * the form, not left to a silent revert. `null` once a good date is chosen.
   */
  onProblem?(problem: DateProblem | null): void;
  /**
   * Blueprint's own messages (shown in an input), when the screen has texts of its own for them: a public page
   * (the access log) has none of `resource.*`, whose file arrives with the console behind login.
   */
  messages?: { invalid: string; outOfRange: string; overlapping: string };
}

/** Blueprint's DateRangeInput with the console's day format and language; its own messages in that language too. */
export function DateRangeField(p: DateRangeFieldProps) {
  const { i18n, t } = useTranslation();
  const messages = p.messages ?? { invalid: t('resource.dates.invalid'), outOfRange: t('resource.dates.out_of_range'), overlapping: t('resource.dates.overlapping') };
  return (
    <DateRangeInput
      // A fieldset (implicit role group): Blueprint puts aria-expanded on the element around both inputs, and
      // on a role-less div that is an ARIA error (Lighthouse, axe aria-allowed-attr).
      popoverProps={{ targetTagName: 'fieldset' }}
      className={styles.range}
      value={p.value}
      onChange={(range) => {
        p.onProblem?.(null);
        p.onChange(range);
      }}
      onError={([from, to]) => {
        const typed = [from, to].find((d) => d && !(p.value.some((v) => v?.getTime() === d.getTime())));
        if (!typed || Number.isNaN(typed.getTime())) p.onProblem?.({ kind: 'invalid' });
        else p.onProblem?.({ kind: 'out_of_range', day: formatDay(typed) });
      }}
      invalidDateMessage={messages.invalid}
      outOfRangeMessage={messages.outOfRange}
      overlappingDatesMessage={messages.overlapping}
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
