import { Button, ButtonGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUserInfo } from '../../state/selectors.ts';
import { useCoreSelector } from '../../state/hooks.ts';
import type { DashboardDecl, DashboardFilterDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

export type FilterValues = Readonly<Record<string, number | string>>;

/** The declared filters the caller's role may use, applied together (an empty field means "no filter"). */
export function DashboardFilters({
  name,
  filters,
  presets,
  onApply,
}: {
  name: string;
  filters: readonly DashboardFilterDecl[];
  presets?: DashboardDecl['presets'];
  onApply(values: FilterValues): void;
}) {
  const { t } = useTranslation();
  const role = useCoreSelector((s) => selectUserInfo(s)?.role_kind);
  const shown = filters.filter((f) => !f.roles || (role !== undefined && f.roles.includes(role)));
  const [text, setText] = useState<Record<string, string>>({});
  if (!shown.length && !presets?.length) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, number | string> = {};
    for (const f of shown) {
      const raw = (text[f.field] ?? '').trim();
      const v = Number(raw);
      if (f.kind === 'date' ? raw !== '' : Number.isInteger(v) && v > 0)
        values[f.field] = f.kind === 'date' ? raw : v;
    }
    onApply(values);
  };
  return (
    <form className={styles.filters} onSubmit={submit} role="search">
      {shown.map((f) => (
        <FormGroup
          key={f.field}
          inline
          label={t(`resources.${name}.filters.${f.field}`)}
          labelFor={`dash-${name}-${f.field}`}
        >
          <InputGroup
            id={`dash-${name}-${f.field}`}
            type={f.kind === 'date' ? 'date' : 'text'}
            inputMode={f.kind === 'date' ? undefined : 'numeric'}
            value={text[f.field] ?? ''}
            onValueChange={(v) =>
              setText((s) => ({ ...s, [f.field]: f.kind === 'date' ? v : v.replace(/\D/g, '') }))
            }
            placeholder={f.kind === 'date' ? undefined : t('resource.dashboard.all')}
          />
        </FormGroup>
      ))}
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
                onApply(values);
              }}
            />
          ))}
        </ButtonGroup>
      ) : null}
    </form>
  );
}
