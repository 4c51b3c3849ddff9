import { Button, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { DateRange } from '@blueprintjs/datetime';
import { addDays, format, startOfDay } from 'date-fns';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LOG_DEFAULT_DAYS, ACCESS_LOG_LOOKBACK_DAYS, isIpv4, parseIpLines, publicEnquiryRequest } from '../../../../contracts/index.ts';
import { DateRangeField, formatDay, type DateProblem } from '../../../resources/components/date-range-field.tsx';
import type { PublicEnquiryBody } from '../access-log-slice.ts';
import styles from '../screens/access-log-screen.module.css';

export interface SearchFormProps {
  /** Code and key from the page's query (`?file_name=&key=`), so a shared link opens ready to search. */
  initial: { file_name: string; key: string };
  /** Today on the user's clock; the selectable range is the last 7 days up to it. */
  today: Date;
  busy: boolean;
  onSearch(body: PublicEnquiryBody): void;
}

type Field = 'file_name' | 'key' | 'domain' | 'ip_list' | 'time';

/**
 * The §5 search form: a date range of at most the last 7 days (default the last 3), IPs one per line each a
 * valid IPv4. Validated with the call's own request schema; the §5 messages appear inline in the user's
 * language, and the body sent is exactly §7's payload.
 */
export function SearchForm({ initial, today, busy, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const ids = { file: useId(), key: useId(), domain: useId(), ips: useId(), time: useId() };
  const day0 = useMemo(() => startOfDay(today), [today]);
  const [fileName, setFileName] = useState(initial.file_name);
  const [key, setKey] = useState(initial.key);
  const [domain, setDomain] = useState('');
  const [ips, setIps] = useState('');
  const [range, setRange] = useState<DateRange>(() => [addDays(day0, -(ACCESS_LOG_DEFAULT_DAYS - 1)), day0]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // A typed date the range refused (outside the last 7 days, or no date): said under the field at once, with
  // the days that can be searched, instead of the picker putting the old date back without a word.
  const [dateProblem, setDateProblem] = useState<DateProblem | null>(null);
  const firstDay = addDays(day0, -(ACCESS_LOG_LOOKBACK_DAYS - 1));
  const [badIps, setBadIps] = useState<string[]>([]);

  const body = (): Partial<PublicEnquiryBody> => {
    const [from, to] = range;
    return {
      key,
      file_name: fileName.trim(),
      domain: domain.trim(),
      ip_list: parseIpLines(ips),
      ...(from ? { start_time: `${format(from, 'yyyy-MM-dd')} 00:00:00` } : {}),
      ...(to ? { end_time: `${format(to, 'yyyy-MM-dd')} 23:59:59` } : {}),
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    const parsed = publicEnquiryRequest.safeParse(b);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const head = String(issue.path[0] ?? '');
      const field: Field = head === 'start_time' || head === 'end_time' ? 'time' : (head as Field);
      found[field] ??= issue.message;
    }
    // A missing date is "please enter the time to search" whichever end is missing.
    if (!range[0] || !range[1]) found.time = 'validation.time_required';
    setErrors(found);
    setBadIps((b.ip_list ?? []).filter((ip) => !isIpv4(ip)));
    if (!Object.keys(found).length && parsed.success) onSearch(b as PublicEnquiryBody);
  };

  const err = (f: Field) => (errors[f] ? t(errors[f]!) : undefined);
  const dateText = dateProblem
    ? dateProblem.kind === 'invalid'
      ? t('access_log.search.date_invalid')
      : t('access_log.search.date_out_of_window', { day: dateProblem.day, from: formatDay(firstDay), to: formatDay(day0) })
    : undefined;
  const helper = (f: Field, extra?: string) =>
    errors[f] ? (
      <span role="alert" id={`${ids.ips}-${f}`}>
        {err(f)}
        {extra}
      </span>
    ) : undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('access_log.search.title')}>
      <div className={styles.formRow}>
        <FormGroup label={t('access_log.search.file_name')} labelFor={ids.file} intent={errors.file_name ? Intent.DANGER : Intent.NONE} helperText={helper('file_name')}>
          <InputGroup id={ids.file} value={fileName} onValueChange={setFileName} intent={errors.file_name ? Intent.DANGER : Intent.NONE} leftIcon="barcode" />
        </FormGroup>
        <FormGroup label={t('access_log.search.key')} labelFor={ids.key} intent={errors.key ? Intent.DANGER : Intent.NONE} helperText={helper('key')}>
          <InputGroup id={ids.key} type="password" value={key} onValueChange={setKey} intent={errors.key ? Intent.DANGER : Intent.NONE} leftIcon="key" autoComplete="off" />
        </FormGroup>
        <FormGroup
          label={t('access_log.search.domain')}
          labelFor={ids.domain}
          intent={errors.domain ? Intent.DANGER : Intent.NONE}
          helperText={helper('domain') ?? t('access_log.search.domain_help')}
        >
          <InputGroup id={ids.domain} value={domain} onValueChange={setDomain} leftIcon="globe-network" />
        </FormGroup>
      </div>
      <FormGroup
        label={t('access_log.search.time')}
        labelInfo={t('access_log.search.time_info', { days: ACCESS_LOG_LOOKBACK_DAYS })}
        intent={errors.time || dateText ? Intent.DANGER : Intent.NONE}
        helperText={dateText ? <span role="alert">{dateText}</span> : helper('time')}
      >
        <DateRangeField
          value={range}
          onChange={setRange}
          onProblem={setDateProblem}
          messages={{ invalid: t('access_log.dates.invalid'), outOfRange: t('access_log.dates.out_of_range'), overlapping: t('access_log.dates.overlapping') }}
          minDate={firstDay}
          maxDate={day0}
          startLabel={t('access_log.search.start')}
          endLabel={t('access_log.search.end')}
          invalid={!!errors.time || !!dateText}
          fill
          shortcuts={[
            { label: t('access_log.search.today'), dateRange: [day0, day0] },
            { label: t('access_log.search.last_days', { days: ACCESS_LOG_DEFAULT_DAYS }), dateRange: [addDays(day0, -(ACCESS_LOG_DEFAULT_DAYS - 1)), day0] },
            { label: t('access_log.search.last_days', { days: ACCESS_LOG_LOOKBACK_DAYS }), dateRange: [addDays(day0, -(ACCESS_LOG_LOOKBACK_DAYS - 1)), day0] },
          ]}
        />
      </FormGroup>
      <FormGroup
        label={t('access_log.search.ips')}
        labelFor={ids.ips}
        labelInfo={t('access_log.search.ips_info')}
        intent={errors.ip_list ? Intent.DANGER : Intent.NONE}
        helperText={helper('ip_list', badIps.length ? `: ${badIps.slice(0, 5).join(', ')}${badIps.length > 5 ? ' …' : ''}` : undefined)}
      >
        <TextArea
          id={ids.ips}
          value={ips}
          onChange={(e) => setIps(e.currentTarget.value)}
          rows={5}
          fill
          intent={errors.ip_list ? Intent.DANGER : Intent.NONE}
          placeholder={'1.2.3.4\n5.6.7.8'}
          className={styles.ips}
          aria-invalid={errors.ip_list ? true : undefined}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="search" loading={busy} text={t('common.actions.search')} size="large" />
    </form>
  );
}
