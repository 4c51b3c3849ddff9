import { Button, FormGroup, InputGroup, Intent, type IconName } from '@blueprintjs/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Inline error under the field (already translated); marks the field invalid. */
  error?: string;
  helperText?: ReactNode;
  /** 'password' gets a show/hide toggle. Default 'text'. */
  type?: 'text' | 'password';
  icon?: IconName;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
  large?: boolean;
  rightElement?: React.JSX.Element;
}

/** A labelled Blueprint input with its inline error; the label is tied to the input for screen readers. */
export function TextField(props: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = props.type === 'password';

  const toggleLabel = t(revealed ? 'common.actions.hide_password' : 'common.actions.show_password');
  // A native title rather than a Tooltip: this field is on the login page, whose first load must stay small.
  const toggle = isPassword ? (
    <Button variant="minimal" icon={revealed ? 'eye-off' : 'eye-open'} aria-label={toggleLabel} title={toggleLabel} onClick={() => setRevealed((r) => !r)} />
  ) : undefined;

  return (
    <FormGroup
      label={props.label}
      labelFor={id}
      intent={props.error ? Intent.DANGER : Intent.NONE}
      helperText={props.error ? <span id={errorId} role="alert">{props.error}</span> : props.helperText}
    >
      <InputGroup
        id={id}
        size={props.large ? 'large' : 'medium'}
        type={isPassword && !revealed ? 'password' : 'text'}
        value={props.value}
        onValueChange={(v) => props.onChange(v)}
        intent={props.error ? Intent.DANGER : Intent.NONE}
        leftIcon={props.icon}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        disabled={props.disabled}
        readOnly={props.readOnly}
        autoFocus={props.autoFocus}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        rightElement={toggle ?? props.rightElement}
      />
    </FormGroup>
  );
}
