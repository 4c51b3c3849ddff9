import type { ErrorRequestHandler, RequestHandler } from 'express';
import { pickLocale, translate } from '../../contracts/index.ts';
import { ApiError } from './errors.ts';

/** Unknown /api paths: 404 in the envelope (the console is served for everything else). */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ status: false, message: `${translate('errors.not_found', pickLocale(req.get('accept-language')))}: ${req.method} ${req.originalUrl}` });
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one place an error becomes an answer: `{ status: false, message }`, never a stack. */
export function createErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const locale = pickLocale(req.get('accept-language'));
    let status = 500;
    let message = translate('errors.internal', locale);
    if (err instanceof ApiError) {
      status = err.status;
      const { field, ...vars } = err.vars;
      const text = translate(err.message, locale, vars);
      message = field ? `${field}: ${text}` : text;
    } else {
      const bp = err as BodyParserError;
      if (bp?.type === 'entity.too.large') {
        status = 413;
        message = translate('errors.body_too_large', locale);
      } else if (bp?.type === 'entity.parse.failed' || bp?.type === 'entity.verify.failed') {
        status = 400;
        message = translate('errors.malformed_json', locale);
      } else if (typeof bp?.status === 'number' && bp.status >= 400 && bp.status < 500) {
        status = bp.status;
        message = translate('errors.invalid_parameter', locale);
      } else {
        log(`500 ${req.method} ${req.originalUrl}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
    if (res.headersSent) return;
    res.status(status).json({ status: false, message });
  };
}
