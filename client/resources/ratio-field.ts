import { keyMessage, type UserMessage } from '../state/message.ts';
import type { FieldOverride } from './types.ts';

const NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * What is wrong with a typed share ratio (a percent of each paid order): not a plain number ("abc", "-5",
 * "1e2"), outside 0–100, or more than 2 decimals (commission is computed from it exactly). `undefined` when fine.
 */
export function ratioProblem(text: string): UserMessage | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (!NUMBER.test(typed)) return keyMessage(typed.startsWith('-') ? 'resource.ratio_check.range' : 'resource.ratio_check.format');
  if (Number(typed) > 100) return keyMessage('resource.ratio_check.range');
  if (/\.\d{3,}$/.test(typed)) return keyMessage('resource.ratio_check.decimals');
  return undefined;
}

/** A share ratio input (users, administrators, subscriber defaults): its own messages as it is typed. */
export function ratioField(name: string, extra: Partial<FieldOverride> = {}): FieldOverride {
  return { name, check: (text) => ratioProblem(text), hint: () => keyMessage('resource.ratio_hint'), ...extra };
}
