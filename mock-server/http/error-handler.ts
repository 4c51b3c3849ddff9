import type { ErrorRequestHandler, RequestHandler } from 'express';
import { hasMessage, pickLocale, translate, type ErrorAnswer } from '../../contracts/index.ts';
import { ApiError } from './errors.ts';
import { asAsked } from './pseudo.ts';

/** Unknown /api paths: 404 in the envelope (the console is served for everything else). */
export const apiNotFound: RequestHandler = (req, res) => {
  const answer: ErrorAnswer = { status: false, message: asAsked(req, translate('errors.not_found', pickLocale(req.get('accept-language')))), key: 'errors.not_found' };
  res.status(404).json(answer);
};

interface BodyParserError {
  type?: string;
  status?: number;
  charset?: string;
  encoding?: string;
}

/** A value the caller sent, named in the answer: short, printable. */
const quoted = (text: string | undefined) => (text ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 40);

/**
 * The one place an error becomes an answer: `{ status: false, message }`, never a stack. `message` is the
 * sentence for a person in the request's language; beside it `key` and `params` (the catalogue entry it was
 * worded from) and `field` (the path of the input it concerns), so a form puts it under that input.
 */
export function createErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const locale = pickLocale(req.get('accept-language'));
    let status = 500;
    let key = 'errors.internal';
    let params: Record<string, string | number> = {};
    let field: string | undefined;
    if (err instanceof ApiError) {
      status = err.status;
      const { field: at, ...rest } = err.vars;
      field = at === undefined || at === '' ? undefined : String(at);
      params = rest;
      key = err.message;
    } else {
      const bp = err as BodyParserError;
      if (bp?.type === 'entity.too.large') {
        status = 413;
        key = 'errors.body_too_large';
      } else if (bp?.type === 'entity.parse.failed' || bp?.type === 'entity.verify.failed') {
        status = 400;
        key = 'errors.malformed_json';
      } else if (bp?.type === 'charset.unsupported') {
        status = 415;
        key = 'errors.body_charset';
        params = { charset: quoted(bp.charset) };
      } else if (bp?.type === 'encoding.unsupported') {
        status = 415;
        key = 'errors.body_encoding';
        params = { encoding: quoted(bp.encoding) };
      } else if (typeof bp?.status === 'number' && bp.status >= 400 && bp.status < 500) {
        status = bp.status;
        key = 'errors.invalid_parameter';
      } else {
        log(`500 ${req.method} ${req.originalUrl}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
    if (res.headersSent) return;
    // A retryable refusal says when to try again (a named state being loaded: control/state-gate.ts).
    if (status === 503 && typeof params.seconds === 'number') res.set('Retry-After', String(params.seconds));
    const answer: ErrorAnswer = { status: false, message: asAsked(req, translate(key, locale, params)) };
    if (hasMessage(key)) answer.key = key;
    if (Object.keys(params).length) answer.params = params;
    if (field) answer.field = field;
    res.status(status).json(answer);
  };
}
