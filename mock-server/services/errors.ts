/** Thrown by handlers and middleware; the one error handler turns it into `{ status: false, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** An i18n key of contracts' shared messages, or literal text. */
    message: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, vars?: Record<string, string | number>) => new ApiError(400, message, vars);
export const unauthorized = (message = 'errors.not_logged_in') => new ApiError(401, message);
export const forbidden = (message = 'errors.forbidden') => new ApiError(403, message);
export const notFound = (message = 'errors.not_found') => new ApiError(404, message);
export const conflict = (message: string, vars?: Record<string, string | number>) => new ApiError(409, message, vars);
export const tooMany = (message: string, vars?: Record<string, string | number>) => new ApiError(429, message, vars);
