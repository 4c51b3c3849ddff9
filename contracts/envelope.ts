import { z } from 'zod';

/**
 * What a refusal carries besides its sentence (`message`, already in the caller's language): the catalogue
 * `key` it was worded from with its `params`, and the `field` (path, `file_names.0`) of the input it concerns.
 * A person never reads these; the console uses them to place the sentence under its input.
 */
const refusalParts = {
  key: z.string().optional().describe('The catalogue entry `message` was worded from (`errors.not_found`); absent when the text is no catalogue entry.'),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('The values worded into `message` (`{ "seconds": 30 }`); absent when there are none.'),
  field: z.string().optional().describe('Path of the input the refusal concerns (`name`, `file_names.0`); absent when it concerns no one field.'),
};

/** Every HTTP answer has this shape: `{ status, message?, data? }` (a refusal also `key?`, `params?`, `field?`). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.boolean(), message: z.string().optional(), data: data.optional(), ...refusalParts });
}
export type Envelope<T> = { status: boolean; message?: string; data?: T; key?: string; params?: Record<string, string | number>; field?: string };

/** Failure answer: the server never answers anything else on a 4xx (the published `Failure` schema is made from it). */
export const failureEnvelope = z.object({
  status: z.literal(false),
  message: z.string().describe("The sentence for a person, in the request's language."),
  ...refusalParts,
});
/** A failure answer as the server writes it. */
export type ErrorAnswer = z.infer<typeof failureEnvelope>;

export const PAGE_SIZE_MAX = 200;

/** Paging part of every list request; filters are merged in by `listRequest`. */
export const pageRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1).describe('Page number, from 1'),
  page_size: z.int().min(1).max(PAGE_SIZE_MAX).default(10).describe(`Rows per page, 1 to ${PAGE_SIZE_MAX}`),
});

/** A list request: `page`, `page_size` and the given optional filters. */
export function listRequest<S extends z.ZodRawShape>(filters: S) {
  return pageRequest.extend(filters);
}

/** A list answer: `{ content: T[], total }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item).describe('The rows of the requested page'),
    total: z.int().min(0).describe('Rows matching the filters, over all pages'),
  });
}
export type Page<T> = { content: T[]; total: number };

/**
 * Filtered lists over millions of rows count at most `COUNT_CAP + 1` matches (issue 25): past the cap the total
 * answers `COUNT_CAP` with `total_capped: true` ("10,000+"), so a first page costs the page, not every match.
 * docs/decisions/2026-11-26-capped-counts.md.
 */
export const COUNT_CAP = 10_000;

/**
 * A list answer whose total may be capped: `{ content, total, total_capped }`. The server's resource engine
 * caps the COUNT of every list whose inquire call answers this shape (declared here, once per call).
 */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    total_capped: z
      .boolean()
      .describe(`true: more than ${COUNT_CAP} rows match and \`total\` is ${COUNT_CAP} (shown as "${COUNT_CAP}+"); the pages past it still answer`),
  });
}
export type CappedPage<T> = Page<T> & { total_capped: boolean };

/** Calls with nothing to send still take an (empty) object, so every body is validated the same way. */
export const emptyRequest = z.strictObject({});
/** Calls that answer nothing but status and message. */
export const noData = z.null();

/**
 * The id every example of the published document names: the largest id a contract accepts, which no seeded or
 * created row reaches. An example run against any server that would change a row meets "not found" instead
 * (tests/contract/examples-safe.test.ts). A field whose example must name a real row says so with its own
 * `.meta({ examples })` (only where the row is read, never changed: the role of a new account).
 */
export const EXAMPLE_ID = 2 ** 31 - 1;

/** Primary keys are positive integers. */
export const id = z
  .int()
  .min(1)
  .max(2 ** 31 - 1)
  .meta({ examples: [EXAMPLE_ID] });
const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const daysIn = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const realDay = (y: number, m: number, d: number) => y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);

/** 'YYYY-MM-DD' naming a day of the calendar (no 2026-02-30, no month 13). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_PARTS.exec(text);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** 'YYYY-MM-DD HH:mm:ss' naming a real day and a time of day 00:00:00-23:59:59. */
export function isCalendarDateTime(text: string): boolean {
  const m = DATE_TIME_PARTS.exec(text);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59;
}

/**
 * 'YYYY-MM-DD HH:mm:ss', the service's date-time format, and a real calendar date and time (issue 20: one
 * place for every date-time of every contract, requests and answers alike).
 */
export const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'validation.date_time')
  .refine(isCalendarDateTime, 'validation.date_time_invalid');

/** 'YYYY-MM-DD', a real calendar day. */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').refine(isCalendarDate, 'validation.date');
