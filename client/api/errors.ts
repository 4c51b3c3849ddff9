/**
 * Why a call failed, in one shape. `httpStatus` 0 means the request never got an answer (network down);
 * `message` is already in the console's language (the server translates, see contracts/i18n).
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly path: string;

  constructor(path: string, httpStatus: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.path = path;
    this.httpStatus = httpStatus;
  }

  /** 401: not logged in or the session ended; the session must be dropped. */
  get isUnauthorized(): boolean {
    return this.httpStatus === 401;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A message fit for the user from anything a saga caught. */
export function errorMessage(e: unknown, fallback: string): string {
  if (isApiError(e) && e.message) return e.message;
  return fallback;
}
