import { Button, ButtonGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUserMessage } from '../../components/use-user-message.ts';
import { fieldOf, type UserMessage } from '../../state/message.ts';
import { CodePicker } from '../components/code-picker.tsx';
import { validateBody } from '../form-values.ts';
import { selectUserInfo } from '../../state/selectors.ts';
import { useCoreSelector } from '../../state/hooks.ts';
import type { DashboardDecl, DashboardFilterDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

// Only a dashboard with a date filter fetches the date picker (dashboard-date-filter.tsx says why).
const DateFilter = lazy(() => import('./dashboard-date-filter.tsx'));
/** Blueprint's DateInput renders this same input group (the day format as placeholder) while it loads. */
const DATE_PLACEHOLDER = 'YYYY-MM-DD';

export type FilterValues = Readonly<Record<string, number | string>>;

/** The declared filters the caller's role may use, applied together (an empty field means "no filter"). */
export function DashboardFilters({
  name,
  filters,
  presets,
  shown,
  onApply,
  schema,
  base,
  refusal,
}: {
  name: string;
  filters: readonly DashboardFilterDecl[];
  presets?: DashboardDecl['presets'];
  /** What the last answer says was applied (a default range): shown in inputs the user has not touched. */
  shown?: Readonly<Record<string, string>>;
  onApply(values: FilterValues): void;
  /** The read call's request: filters are checked against it before they are applied (a start after its end). */
  schema?: z.ZodType;
  /** The declared body the filters go over (checked together). */
  base?: object;
  /** The server's refusal of the applied filters, when it names one of them (a day after its today): shown there. */
  refusal?: UserMessage;
}) {
  const { t } = useTranslation();
  const say = useUserMessage();
  // What is wrong with the filters, by field: found here before applying, or the server's refusal of them.
  const [problems, setProblems] = useState<Record<string, UserMessage>>({});
  const role = useCoreSelector((s) => selectUserInfo(s)?.role_kind);
  const visible = filters.filter((f) => !f.roles || (role !== undefined && f.roles.includes(role)));
  const applied = shown;
  const [text, setText] = useState<Record<string, string>>({});
  // A field the user has not touched shows what was applied (a default range); once touched, what they typed.
  const valueOf = (field: string) => text[field] ?? applied?.[field] ?? '';
  if (!visible.length && !presets?.length) return null;
  /** Apply only what the read call takes: a bad range is marked on its field, never sent to come back as "failed to load". */
  const apply = (values: Record<string, number | string>) => {
    const found = schema ? validateBody(schema, { ...base, ...values }, Object.keys(values)) : {};
    const mine = Object.fromEntries(Object.entries(found).filter(([field]) => field in values));
    setProblems(mine);
    if (!Object.keys(mine).length) onApply(values);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, number | string> = {};
    for (const f of visible) {
      const raw = valueOf(f.field).trim();
      const v = Number(raw);
      if (f.kind === 'date' ? raw !== '' : Number.isInteger(v) && v > 0)
        values[f.field] = f.kind === 'date' ? raw : v;
    }
    apply(values);
  };
  const problemOf = (field: string) => problems[field] ?? (fieldOf(refusal) === field ? refusal : undefined);
  return (
    <form className={styles.filters} onSubmit={submit} role="search">
      {visible.map((f) => {
        const inputId = `dash-${name}-${f.field}`;
        const label = t(`resources.${name}.filters.${f.field}`);
        const set = (v: string) => setText((s) => ({ ...s, [f.field]: v }));
        const problem = problemOf(f.field);
        return (
          <FormGroup
            key={f.field}
            inline
            label={label}
            labelFor={inputId}
            intent={problem ? Intent.DANGER : Intent.NONE}
            helperText={problem ? <span role="alert">{say(problem)}</span> : undefined}
          >
            {f.kind === 'code' ? (
              <CodePicker
                name={`${name}.${f.field}`}
                id={inputId}
                label={label}
                value={valueOf(f.field)}
                onChange={set}
              />
            ) : f.kind === 'date' ? (
              <Suspense
                fallback={
                  <InputGroup id={inputId} value={valueOf(f.field)} placeholder={DATE_PLACEHOLDER} readOnly />
                }
              >
                <DateFilter inputId={inputId} value={valueOf(f.field)} onChange={set} />
              </Suspense>
            ) : (
              <InputGroup
                id={inputId}
                inputMode="numeric"
                value={valueOf(f.field)}
                onValueChange={(v) => set(v.replace(/\D/g, ''))}
                placeholder={t('resource.dashboard.all')}
              />
            )}
          </FormGroup>
        );
      })}
      <Button type="submit" icon="filter" text={t('resource.dashboard.apply')} />
      {presets?.length ? (
        <ButtonGroup aria-label={t('resource.dashboard.presets')}>
          {presets.map((p) => (
            <Button
              key={p.id}
              text={t(`resources.${name}.presets.${p.id}`)}
              onClick={() => {
                const values = p.values(new Date());
                // The shortcut's values replace what was typed in the same fields.
                setText((s) => ({
                  ...s,
                  ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
                }));
                apply(values);
              }}
            />
          ))}
        </ButtonGroup>
      ) : null}
    </form>
  );
}
