import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './form-errors.ts';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * Form values and their check against a schema (null while it is not there yet: no errors shown). Errors
 * appear after the first submit and then follow every edit, so the user is not scolded while still typing
 * the first time. `check` is the submit: it marks the form submitted and parses the values.
 */
export function useFormValues<S extends FormSchema>(schema: S | null, initial: z.input<S>) {
  type Values = z.input<S>;
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: Partial<Record<Field, string>> = submitted && schema ? fieldErrors<Field>(schema.safeParse(values).error) : {};
  return {
    values,
    errors,
    set<K extends Field>(field: K, value: Values[K]) {
      setValues((prev) => ({ ...prev, [field]: value }));
    },
    /** Validate with `s`; the parsed values when valid, else null (and the errors show). */
    check(s: S): z.output<S> | null {
      setSubmitted(true);
      const result = s.safeParse(values);
      return result.success ? result.data : null;
    },
  };
}

/** Form values plus contract validation (see useFormValues). */
export function useForm<S extends FormSchema>(schema: S, initial: z.input<S>) {
  const { check, ...form } = useFormValues(schema, initial);
  return {
    ...form,
    /** Validate; returns the parsed values when valid, else shows the errors and returns null. */
    submit: (): z.output<S> | null => check(schema),
  };
}
