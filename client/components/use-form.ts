import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './form-errors.ts';

/**
 * Form values plus contract validation: errors appear after the first submit and then follow every edit,
 * so the user is not scolded while still typing the first time.
 */
export function useForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);

  const check = (v: Values) => schema.safeParse(v);
  const errors: Partial<Record<Field, string>> = submitted ? fieldErrors<Field>(check(values).error) : {};

  return {
    values,
    errors,
    set<K extends Field>(field: K, value: Values[K]) {
      setValues((prev) => ({ ...prev, [field]: value }));
    },
    /** Validate; returns the parsed values when valid, else shows the errors and returns null. */
    submit(): z.output<S> | null {
      setSubmitted(true);
      const result = check(values);
      return result.success ? result.data : null;
    },
  };
}
