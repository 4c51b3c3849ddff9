import { Button, Intent } from '@blueprintjs/core';
import type { DateRange } from '@blueprintjs/datetime';
import { parse } from 'date-fns';
import { useMemo, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUserMessage } from '../../components/use-user-message.ts';
import type { UserMessage } from '../../state/message.ts';
import { fromInput, validateBody } from '../form-values.ts';
import type { ResolvedFilter } from '../fields.ts';
import { DateRangeField, formatDay, rangeShortcuts } from './date-range-field.tsx';
import { FieldInput } from './field-input.tsx';
import styles from './resource-list.module.css';

type Draft = Record<string, string | boolean>;

function draftOf(filters: readonly ResolvedFilter[], applied: Readonly<Record<string, unknown>>): Draft {
  const out: Draft = {};
  for (const f of filters) {
    if (f.type === 'field') {
      const v = applied[f.field.name];
      // A list (one item per line in its input) comes back as its lines, not "a,b".
      out[f.field.name] = v === undefined ? '' : Array.isArray(v) ? v.join('\n') : String(v);
    }
    else {
      out[f.from] = typeof applied[f.from] === 'string' ? String(applied[f.from]).slice(0, 10) : '';
      out[f.to] = typeof applied[f.to] === 'string' ? String(applied[f.to]).slice(0, 10) : '';
    }
  }
  return out;
}

const toDate = (s: string | boolean | undefined) => (typeof s === 'string' && s ? parse(s, 'yyyy-MM-dd', new Date()) : null);

export interface FiltersBarProps {
  filters: readonly ResolvedFilter[];
  applied: Readonly<Record<string, unknown>>;
  onApply(filters: Record<string, unknown>): void;
  /**
   * The list call's request: what is searched is checked with it first, so a rule of the call (a code of at
   * most 64 characters) is said under its filter in the user's language instead of coming back as a 400.
   */
  schema?: z.ZodType;
  /** The form (the `/` shortcut focuses its first input). */
  ref?: Ref<HTMLFormElement>;
}

/**
 * Filter inputs over the list call's request fields. Typing changes a draft; Search (or Enter) applies it.
 * A date range sends whole days: 'YYYY-MM-DD 00:00:00' to 'YYYY-MM-DD 23:59:59'.
 */
export function FiltersBar({ filters, applied, onApply, schema, ref }: FiltersBarProps) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const [errors, setErrors] = useState<Record<string, UserMessage>>({});
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters, applied));
  const today = useMemo(() => new Date(), []);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const out: Record<string, unknown> = {};
    for (const f of filters) {
      if (f.type === 'field') {
        const v = fromInput(f.field, draft[f.field.name] ?? '');
        if (v !== undefined) out[f.field.name] = v;
      } else {
        if (draft[f.from]) out[f.from] = `${String(draft[f.from])} 00:00:00`;
        if (draft[f.to]) out[f.to] = `${String(draft[f.to])} 23:59:59`;
      }
    }
    if (schema) {
      // Only the problems of what was searched: the call's other required fields (a nested list's parent id)
      // are the list's to add, not the user's to fill.
      const found = Object.fromEntries(Object.entries(validateBody(schema, out, Object.keys(out))).filter(([k]) => k in out));
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    onApply(out);
  };
  const reset = () => {
    setErrors({});
    setDraft(draftOf(filters, {}));
    onApply({});
  };

  return (
    <form ref={ref} className={styles.filters} onSubmit={submit} role="search" aria-label={t('resource.filters.title')}>
      {filters.map((f) =>
        f.type === 'field' ? (
          <div key={f.field.name} className={styles.filter}>
            <FieldInput
              field={f.field}
              value={draft[f.field.name] ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, [f.field.name]: v }))}
              asFilter
              showLabel={false}
              error={errors[f.field.name] ? say(errors[f.field.name]) : undefined}
            />
            {errors[f.field.name] && (
              <div className={styles.filterError} role="alert">
                {say(errors[f.field.name])}
              </div>
            )}
          </div>
        ) : (
          <div key={f.from} className={styles.filter}>
            <DateRangeField
              value={[toDate(draft[f.from]), toDate(draft[f.to])]}
              onChange={([from, to]: DateRange) => setDraft((d) => ({ ...d, [f.from]: from ? formatDay(from) : '', [f.to]: to ? formatDay(to) : '' }))}
              startLabel={`${t(f.label)} · ${t('resource.filters.from')}`}
              endLabel={`${t(f.label)} · ${t('resource.filters.to')}`}
              shortcuts={rangeShortcuts(t, today)}
            />
          </div>
        ),
      )}
      <div className={styles.filterButtons}>
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text={t('common.actions.search')} />
        <Button icon="reset" variant="minimal" text={t('common.actions.reset')} onClick={reset} />
      </div>
    </form>
  );
}
