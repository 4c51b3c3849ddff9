import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard.ts';
import { showToast } from './toaster.ts';

/** Copy a text and say whether it worked (spec §8 "Copied successfully"; a refused clipboard says what to do). */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return async (text: string) => {
    const ok = await copyText(text);
    showToast(t(ok ? 'common.copy.done' : 'common.copy.failed'), ok ? Intent.SUCCESS : Intent.WARNING);
  };
}

export interface CopyFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  /** The copy button's accessible name (what it copies). */
  readonly copyLabel: string;
  readonly helperText?: ReactNode;
  /** More buttons beside the copy button (open the link, …). */
  readonly extra?: ReactNode;
}

/** A read-only value with a copy button: addresses, amounts, links and codes people paste elsewhere. */
export function CopyField({ id, label, value, copyLabel, helperText, extra }: CopyFieldProps) {
  const copy = useCopy();
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      <InputGroup
        id={id}
        readOnly
        value={value}
        rightElement={
          <>
            <Button variant="minimal" icon="duplicate" aria-label={copyLabel} onClick={() => void copy(value)} />
            {extra}
          </>
        }
      />
    </FormGroup>
  );
}
