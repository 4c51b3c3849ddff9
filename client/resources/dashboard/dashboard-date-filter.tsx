import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput } from '@blueprintjs/datetime';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, dateLocaleOf } from '../components/date-range-field.tsx';

/**
 * A dashboard's date filter: Blueprint's DateInput in the console's day format and language (a browser date
 * input shows the browser's, mm/dd/yyyy). Its own chunk (dashboard-filters.tsx loads it only for a dashboard
 * showing a date filter): @blueprintjs/datetime computes the offset of every time zone when it is evaluated,
 * about 100 ms of main thread on a desktop, which today_statistics (no date filter) need not pay.
 */
export default function DashboardDateFilter({ inputId, value, onChange }: { inputId: string; value: string; onChange(v: string): void }) {
  const { i18n } = useTranslation();
  return (
    <DateInput
      value={value || null}
      onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
      locale={dateLocaleOf(i18n.language)}
      dateFnsFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT.toUpperCase()}
      showActionsBar
      inputProps={{ id: inputId }}
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
