import express, { type ErrorRequestHandler } from 'express';
import { ApiError, badRequest } from '../services/errors.ts';

/** Bodies of control operations are small: 100 KB at most. */
export const CONTROL_BODY_LIMIT = '100kb';

/**
 * The control API's body parser: any content type is read as JSON (curl sends form-encoded by default), and a
 * body that is not JSON, not an object or too large is refused in a developer's words, not the console's.
 */
export function controlJson(): [ReturnType<typeof express.json>, ErrorRequestHandler] {
  const parse = express.json({ limit: CONTROL_BODY_LIMIT, strict: true, type: () => true });
  const explain: ErrorRequestHandler = (err: { type?: string; message?: string }, _req, _res, next) => {
    if (err?.type === 'entity.too.large') return next(new ApiError(413, 'errors.body_too_large'));
    if (err?.type === 'entity.parse.failed') return next(badRequest(`the body must be a JSON object (${err.message ?? 'it does not parse'})`));
    next(err);
  };
  return [parse, explain];
}
