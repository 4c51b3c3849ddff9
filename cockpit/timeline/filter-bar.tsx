import { Button, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { JOURNAL_KINDS } from '../../contracts/index.ts';
import { useT } from '../i18n.tsx';
import { NO_FILTERS, type Filters } from './rows.ts';

/** The time line's filters: kind, call or frame, user, status (`200`, `4xx`, `fault`, `refused`), text. */
export function FilterBar({ filters, onChange }: { readonly filters: Filters; readonly onChange: (f: Filters) => void }) {
  const t = useT();
  const set = (key: keyof Filters) => (e: { currentTarget: { value: string } }) => onChange({ ...filters, [key]: e.currentTarget.value });
  return (
    <ControlGroup className="filter-bar" fill>
      <HTMLSelect aria-label={t('filter.kind')} value={filters.kind} onChange={set('kind')}>
        <option value="">{t('filter.kind_all')}</option>
        {[...JOURNAL_KINDS, 'action' as const].map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </HTMLSelect>
      <InputGroup aria-label={t('filter.call')} placeholder={t('filter.call')} value={filters.call} onChange={set('call')} />
      <InputGroup aria-label={t('filter.user')} placeholder={t('filter.user')} value={filters.user} onChange={set('user')} />
      <InputGroup aria-label={t('filter.status')} placeholder={t('filter.status')} value={filters.status} onChange={set('status')} />
      <InputGroup aria-label={t('filter.text')} placeholder={t('filter.text')} value={filters.text} onChange={set('text')} />
      <Button icon="filter-remove" aria-label={t('filter.clear')} title={t('filter.clear')} onClick={() => onChange(NO_FILTERS)} />
    </ControlGroup>
  );
}
