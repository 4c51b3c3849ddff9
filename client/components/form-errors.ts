import type { z } from 'zod';

/** First message key per top-level field of a failed safeParse (`validation.*` keys from contracts). */
export function fieldErrors<F extends string>(error: z.ZodError | undefined): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '') as F;
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
