/**
 * How a call ended without a usable answer: `answered` (the server said no: 4xx, `status: false`, or an answer
 * that breaks the contract), `timeout` (no answer within the call's time limit) or `unreachable` (the request
 * failed at the network level). The last two are "the server did not answer" (`noAnswer`) and show a retry.
 */
export type FailureKind = 'answered' | 'timeout' | 'unreachable';

/**
 * Why a call failed, in one shape. `httpStatus` 0 means the request never got an answer (see `kind`);
 * `message` is already in the console's language (the server translates, see contracts/i18n).
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly path: string;
  readonly kind: FailureKind;
  /** What the refusal concerns, when the server said (contracts/envelope.ts): the input's path, the catalogue key. */
  readonly field?: string;
  readonly key?: string;
  readonly params?: Readonly<Record<string, string | number>>;

  constructor(
    path: string,
    httpStatus: number,
    message: string,
    kind: FailureKind = httpStatus === 0 ? 'unreachable' : 'answered',
    about: { field?: string; key?: string; params?: Record<string, string | number> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.path = path;
    this.httpStatus = httpStatus;
    this.kind = kind;
    this.field = about.field;
    this.key = about.key;
    this.params = about.params;
  }

  /** No answer came (timeout or network): the request may be retried, the screen offers Retry. */
  get noAnswer(): boolean {
    return this.kind !== 'answered';
  }

  /** 402: the call needs a running membership (contracts' `membership: true`); the user must renew first. */
  get needsMembership(): boolean {
    return this.httpStatus === 402;
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
