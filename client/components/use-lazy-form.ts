import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './form-errors.ts';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * useForm (use-form.ts) for a form of the first load, whose contract schema (and zod with it) is fetched after
 * the first paint instead of with the page. Same rules: errors appear after the first submit and then follow
 * every edit. `submit` waits for the schema if a fast first submit beats it, so no input skips the check;
 * only when the schema cannot be fetched at all are the values passed on unchecked (the call they feed is
 * then unreachable too and says so, and the server checks every request anyway).
 */
export function useLazyForm<S extends FormSchema>(load: () => Promise<S>, initial: z.input<S>) {
  type Values = z.input<S>;
  type Field = Extract<keyof Values, string>;
  const [schema, setSchema] = useState<S | null>(null);
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    let live = true;
    load().then(
      (s) => live && setSchema(s),
      () => undefined, // retried by submit
    );
    return () => {
      live = false;
    };
  }, [load]);

  const errors: Partial<Record<Field, string>> = submitted && schema ? fieldErrors<Field>(schema.safeParse(values).error) : {};

  return {
    values,
    errors,
    set<K extends Field>(field: K, value: Values[K]) {
      setValues((prev) => ({ ...prev, [field]: value }));
    },
    /** Validate; resolves to the parsed values when valid, else shows the errors and resolves to null. */
    async submit(): Promise<z.output<S> | null> {
      let s = schema;
      if (!s) {
        try {
          s = await load();
          setSchema(s);
        } catch {
          return values as z.output<S>;
        }
      }
      setSubmitted(true);
      const result = s.safeParse(values);
      return result.success ? result.data : null;
    },
  };
}
