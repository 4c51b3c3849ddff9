import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { statisticsScope } from './statistics-range.ts';

/** Most codes one search of the code picker answers. */
export const CODE_SEARCH_LIMIT = 20;

/** A code as the statistics filters offer it: people know it by name, the call takes its id. */
export const codeChoice = z.object({ id, name: z.string(), file_name: z.string() });
export type CodeChoice = z.infer<typeof codeChoice>;

/**
 * The code picker of the statistics and visitor filters: codes in the caller's statistics scope whose name
 * or code contains `search` (or whose id is `#12` / `12`), live codes first, newest first. The answer repeats
 * the search so a picker can drop an answer to an earlier keystroke.
 */
export const statisticsCodes = defineCall({
  path: 'statistics/codes',
  summary: "Codes in the caller's statistics scope matching a name, a code or an id (the statistics filters' code picker).",
  access: permission('today_statistics'),
  audit: false, // a read: the picker's search changes nothing
  request: z.strictObject({ ...statisticsScope, search: z.string().trim().max(64).default('') }),
  response: z.object({ search: z.string(), content: z.array(codeChoice).max(CODE_SEARCH_LIMIT) }),
});

export const statisticsCodesCalls = [statisticsCodes] as const;
