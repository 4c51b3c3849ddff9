import { z } from 'zod';
import { domainNameRule } from '../calls/domains.ts';
import { shieldStatusData } from './frames.ts';

/**
 * `/__control/shield/<name>` (dev and test modes, loopback or control token, like the rest of the control
 * API): what the simulated WeChat checker answers, and detection rounds on demand.
 */
export const shieldControlBodies = {
  /** What the checker answers for a domain from now on: 1 normal, 2 blocked, 4 the check fails. */
  mark: z.strictObject({
    domain: domainNameRule,
    status: z.literal([1, 2, 4]),
    message: z.string().max(200).default(''),
  }),
  /** One detection round now: every due domain of the configured kinds (`force`: every domain of those kinds). */
  run: z.strictObject({ force: z.boolean().default(false) }),
  /** The simulated checker's table. */
  state: z.strictObject({}),
} as const;
export type ShieldControlName = keyof typeof shieldControlBodies;

export const shieldControlAnswers = {
  mark: z.object({ domain: z.string(), status: z.int(), known: z.boolean() }),
  run: z.object({ checked: z.int().min(0), changes: z.array(shieldStatusData) }),
  state: z.object({ marks: z.array(z.object({ domain: z.string(), status: z.int(), message: z.string() })) }),
} as const satisfies Record<ShieldControlName, z.ZodType>;
export type ShieldControlAnswer<N extends ShieldControlName> = z.output<(typeof shieldControlAnswers)[N]>;
