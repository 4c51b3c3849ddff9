import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, ButtonGroup, FormGroup, HTMLSelect, InputGroup, Intent, MenuItem, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, NEXT_SHORTCUTS, shortcutRange } from '../date-shortcuts.ts';
import type { ResolvedField } from '../fields.ts';
import styles from './resource-list.module.css';
import { CodePicker } from './code-picker.tsx';
import { ImageField } from './image-field.tsx';
import { TranslationsField } from './translations-field.tsx';

export interface FieldInputProps {
  field: ResolvedField;
  value: string | boolean;
  onChange(value: string | boolean): void;
  /** Translated message under the field; marks it invalid. */
  error?: string;
  /** A filter: selects get an "any" choice and nothing is marked required. Default false. */
  asFilter?: boolean;
  /** Show the label above the input. Default true (filters use placeholders instead). */
  showLabel?: boolean;
  disabled?: boolean;
  /** A translated hint with values (the minimum, the balance); wins over the field's `helper`. */
  hint?: string;
}

/** The input a field's kind calls for, labelled and tied to its error for screen readers. */
export function FieldInput({ field, value, onChange, error: refusal, asFilter = false, showLabel = true, disabled, hint }: FieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(field.label);
  // An empty picker says why it is empty; its "required" would only repeat that nothing was chosen.
  const empty = field.noChoices && !asFilter ? t('resource.form.no_choices', { label }) : undefined;
  const error = empty && refusal ? empty : refusal;
  const intent = error ? Intent.DANGER : empty ? Intent.WARNING : Intent.NONE;
  const text = typeof value === 'string' ? value : '';
  const a11y = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-label': showLabel ? undefined : label,
  } as const;

  const input = (() => {
    switch (field.kind) {
      case 'switch':
        return <Switch id={id} label={label} checked={value === true} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />;
      case 'select':
        return (
          <HTMLSelect {...a11y} value={text} disabled={disabled} fill={!asFilter} onChange={(e) => onChange(e.currentTarget.value)}>
            {asFilter ? (
              <option value="">{`${label}: ${t('resource.filters.any')}`}</option>
            ) : (
              // Blank is a choice for optional fields; for required ones it only shows that nothing is chosen yet.
              (!field.required || text === '') && (
                <option value="" disabled={field.required}>
                  {field.unchanged ? t('resource.form.unchanged') : '—'}
                </option>
              )
            )}
            {field.options?.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value))}
              </option>
            ))}
          </HTMLSelect>
        );
      case 'code':
        return <CodePicker name={field.label} id={id} label={label} value={text} invalid={!!error} onChange={onChange} />;
      case 'image':
        return (
          <ImageField
            id={id}
            label={label}
            value={text}
            single={field.valueType === 'string'}
            max={field.max}
            disabled={disabled}
            describedBy={a11y['aria-describedby']}
            onChange={onChange}
          />
        );
      case 'translations':
        return (
          <TranslationsField
            id={id}
            label={label}
            options={field.options ?? []}
            value={text}
            invalid={!!error}
            disabled={disabled}
            describedBy={a11y['aria-describedby']}
            onChange={onChange}
          />
        );
      case 'number':
        return (
          <NumericInput
            {...a11y}
            value={text}
            min={field.min}
            max={field.max}
            minorStepSize={field.integer ? null : 0.01}
            stepSize={1}
            intent={intent}
            disabled={disabled}
            fill={!asFilter}
            allowNumericCharactersOnly
            // No stepper buttons: Blueprint labels them "increment"/"decrement" in English and points their
            // aria-controls at its own input id, which the label's id above replaces (axe: invalid reference).
            // Arrow keys still step.
            buttonPosition="none"
            placeholder={asFilter ? label : field.unchanged ? t('resource.form.unchanged') : undefined}
            onValueChange={(_n, s) => onChange(s)}
          />
        );
      case 'textarea':
      case 'lines':
        return (
          <TextArea
            {...a11y}
            value={text}
            fill
            autoResize
            rows={field.kind === 'lines' ? 4 : 3}
            intent={intent}
            disabled={disabled}
            placeholder={field.kind === 'lines' ? t('resource.form.one_per_line') : undefined}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      default:
        if (field.suggest) {
          const suggest = field.suggest;
          return (
            <Suggest<string>
              items={[...suggest(text)]}
              query={text}
              onQueryChange={(q) => onChange(q)}
              selectedItem={text || null}
              onItemSelect={(item) => onChange(item)}
              inputValueRenderer={(item) => item}
              itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
                modifiers.matchesPredicate ? (
                  <MenuItem key={item} text={item} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" />
                ) : null
              }
              noResults={null}
              fill
              disabled={disabled}
              closeOnSelect
              resetOnClose={false}
              popoverProps={{ minimal: true, matchTargetWidth: true }}
              // An empty placeholder, not Suggest's default "Search…": this is a value, not a search.
              inputProps={{ ...a11y, intent, placeholder: asFilter ? label : '' }}
            />
          );
        }
        return (
          <InputGroup
            {...a11y}
            type={field.kind === 'password' ? 'password' : 'text'}
            value={text}
            intent={intent}
            disabled={disabled}
            maxLength={field.maxLength}
            fill={!asFilter}
            leftIcon={asFilter ? 'search' : undefined}
            placeholder={asFilter ? label : field.unchanged ? t('resource.form.unchanged') : field.kind === 'date_time' ? 'YYYY-MM-DD HH:mm:ss' : undefined}
            onValueChange={(v) => onChange(v)}
          />
        );
    }
  })();

  // A date that may lie ahead (an expiry): spec §9's shortcuts set the end of their last day.
  const shortcuts =
    field.kind === 'date_time' && field.ahead && !asFilter && !disabled ? (
      <ButtonGroup role="group" className={styles.dateShortcuts} aria-label={t('resource.dates.shortcuts', { label })}>
        {NEXT_SHORTCUTS.map((s) => (
          <Button key={s} size="small" variant="outlined" text={t(`resource.dates.${s}`)} onClick={() => onChange(`${formatDay(shortcutRange(s, new Date())[1])} 23:59:59`)} />
        ))}
      </ButtonGroup>
    ) : null;

  if (!showLabel) return input;
  return (
    <FormGroup
      label={field.kind === 'switch' ? undefined : label}
      // A translations field is a group of inputs, each labelled by its language; the group carries the label.
      labelFor={field.kind === 'translations' ? undefined : id}
      labelInfo={field.required && !asFilter ? <span aria-hidden="true">*</span> : undefined}
      intent={intent}
      helperText={
        error ? (
          <span id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : empty ? (
          empty
        ) : hint ? (
          hint
        ) : field.helper ? (
          t(field.helper)
        ) : field.kind === 'textarea' && field.maxLength ? (
          // A long text is not cut silently: the limit is said, and the contract's rule speaks past it.
          t('resource.form.length', { count: String(value).length, max: field.maxLength })
        ) : undefined
      }
    >
      {input}
      {shortcuts}
    </FormGroup>
  );
}
