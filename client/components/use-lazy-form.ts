import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useFormValues } from './use-form.ts';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * useForm (use-form.ts) for a form of the first load, whose contract schema (and zod with it) is fetched after
 * the first paint instead of with the page. Same rules: errors appear after the first submit and then follow
 * every edit. `submit` waits for the schema if a fast first submit beats it, so no input skips the check;
 * only when the schema cannot be fetched at all are the values passed on unchecked (the call they feed is
 * then unreachable too and says so, and the server checks every request anyway).
 */
export function useLazyForm<S extends FormSchema>(load: () => Promise<S>, initial: z.input<S>) {
  const [schema, setSchema] = useState<S | null>(null);
  const { check, ...form } = useFormValues(schema, initial);

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

  return {
    ...form,
    /** Validate; resolves to the parsed values when valid, else shows the errors and resolves to null. */
    async submit(): Promise<z.output<S> | null> {
      let s = schema;
      if (!s) {
        try {
          s = await load();
          setSchema(s);
        } catch {
          return form.values as z.output<S>;
        }
      }
      return check(s);
    },
  };
}
