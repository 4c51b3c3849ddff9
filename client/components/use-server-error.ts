import { useState } from 'react';
import { fieldOf, type UserMessage } from '../state/message.ts';

/**
 * Where a server refusal goes on a form: under the input it concerns (the first part of the refusal's field
 * path that is one of the form's inputs: `file_names.0` → `file_names`, `fields.name` → `name`), else on top.
 */
export function inputOf(m: UserMessage | undefined, inputs: readonly string[]): string | null {
  const path = fieldOf(m);
  if (!path) return null;
  return path.split('.').find((part) => inputs.includes(part)) ?? null;
}

/**
 * The server's refusal of a form as the form shows it: `under(name)` for the input it concerns, `top` when it
 * concerns none (or no input of this form). Changing that input clears it (`changed(name)`): the refusal was
 * about the old value. A new refusal (another object) shows again.
 */
export function useServerError(error: UserMessage | undefined, inputs: readonly string[]) {
  const [cleared, setCleared] = useState<UserMessage | undefined>(undefined);
  const live = error && error !== cleared ? error : undefined;
  const input = inputOf(live, inputs);
  return {
    /** The input the live refusal sits under, or null. */
    input,
    under: (name: string): UserMessage | undefined => (input === name ? live : undefined),
    top: input === null ? live : undefined,
    /** Call on every change of an input; clears the refusal sitting under it. */
    changed(name: string) {
      if (live && input === name) setCleared(live);
    },
  };
}
