import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '../schema-fields.ts';
import { formatTranslations, parseTranslations } from '../translations-field.ts';
import styles from './resource-list.module.css';

export interface TranslationsFieldProps {
  id: string;
  /** The field's label (names the group for screen readers). */
  label: string;
  /** Languages to offer (value = code, label = name, `required` = must be filled). */
  options: readonly FieldOption[];
  /** `code: text` a line. */
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * One input per language. Languages the value holds that are not offered (removed from the language list)
 * keep their row, so they can be seen and cleared. Blank inputs are left out of the value.
 */
export function TranslationsField({ id, label, options, value, onChange, invalid, disabled, describedBy }: TranslationsFieldProps) {
  const { t } = useTranslation();
  const list = parseTranslations(value);
  const offered = options.map((o) => ({ code: String(o.value), label: o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value)), required: !!o.required }));
  const extra = list.filter((x) => !offered.some((o) => o.code === x.language)).map((x) => ({ code: x.language, label: x.language, required: false }));
  const rows = [...offered, ...extra];
  const set = (code: string, text: string) =>
    onChange(formatTranslations(rows.map((r) => ({ language: r.code, title: r.code === code ? text : (list.find((x) => x.language === r.code)?.title ?? '') })).filter((x) => x.title.trim() !== '')));
  return (
    <div id={id} role="group" aria-label={label} aria-describedby={describedBy} className={styles.translations}>
      {rows.map((r) => (
        <FormGroup key={r.code} inline label={`${r.label} (${r.code})`} labelFor={`${id}-${r.code}`} labelInfo={r.required ? <span aria-hidden="true">*</span> : undefined} className={styles.translation}>
          <InputGroup
            id={`${id}-${r.code}`}
            value={list.find((x) => x.language === r.code)?.title ?? ''}
            intent={invalid && r.required ? Intent.DANGER : Intent.NONE}
            disabled={disabled}
            fill
            maxLength={64}
            onValueChange={(v) => set(r.code, v)}
          />
        </FormGroup>
      ))}
    </div>
  );
}
