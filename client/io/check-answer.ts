import { envelope, type CallDef } from '../../contracts/index.ts';

/**
 * callApi's check of an answer against its call's contract. A module of its own, imported on the first answer,
 * so the envelope schema (and zod) stay out of the login page's first load: the call descriptors that need it
 * come lazily too (client/io/public-calls.ts).
 */
export function checkAnswer(schema: CallDef['response'], json: unknown) {
  return envelope(schema).safeParse(json);
}
