import { ApiError } from '../http/errors.ts';
import type { Services } from '../compose.ts';
import { sourceRangeOf } from './ip-address.ts';

/**
 * The per-source limit on password guesses (issue 20; docs/decisions/2026-11-26-throttling.md). Every failed
 * password check — login, the old password of `admin/update_password`, a share password of
 * `qr_code_list/share_access` or `qr_code_access/public_enquiry` — takes one token from the bucket of its
 * source range (IPv4 /24, IPv6 /64), across accounts and codes. A bucket holds `capacity` tokens and gets one
 * back every `refillMs`. Once it is empty the source is refused (429, before any password is checked) for
 * `refillMs × 2^(strikes−1)`, doubling with each further failure while empty (at most `maxBackoffMs`);
 * strikes are forgotten when the bucket is full again. Successful checks take nothing.
 *
 * The same bucket, with other numbers (`REGISTRATION_THROTTLE`), limits registrations per source range.
 *
 * Kept in memory per server (a restart forgets it; one Map entry per source range, at most `maxSources`,
 * the oldest dropped first): it costs no SQL on the request path and no row a fuzzed 4xx would change.
 */
export interface ThrottleOptions {
  readonly capacity: number;
  readonly refillMs: number;
  readonly maxBackoffMs: number;
  readonly maxSources: number;
  /** The 429 while a source waits `waitMs`. Default: too many attempts, in seconds. */
  readonly refusal?: (waitMs: number) => ApiError;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { capacity: 20, refillMs: 15_000, maxBackoffMs: 3_600_000, maxSources: 100_000 };

/**
 * Registrations per source range (docs/decisions/2026-11-29-abuse-left.md): 10 at once, then one more every
 * 6 minutes, the wait doubling while the range keeps at it (at most an hour); forgotten after an hour without
 * one. A household or an office registering a few people is never held up; 30 throw-away accounts in a minute
 * are not possible any more. Each registration that gets an answer about an account (made, or the name is
 * taken, or the invitation code is unknown) takes a token, so the form cannot be used to list accounts either.
 */
export const REGISTRATION_THROTTLE: ThrottleOptions = {
  capacity: 10,
  refillMs: 360_000,
  maxBackoffMs: 3_600_000,
  maxSources: 100_000,
  refusal: (waitMs) => new ApiError(429, 'errors.too_many_registrations', { minutes: Math.ceil(waitMs / 60_000) }),
};

const secondsRefusal = (waitMs: number) => new ApiError(429, 'errors.too_many_attempts', { seconds: Math.ceil(waitMs / 1000) });

interface Bucket {
  tokens: number;
  at: number;
  strikes: number;
  until: number;
}

export function createThrottle(now: () => number, options: ThrottleOptions = DEFAULT_THROTTLE) {
  let opts = options;
  const buckets = new Map<string, Bucket>();

  function bucketOf(source: string): Bucket {
    const t = now();
    let b = buckets.get(source);
    if (!b) {
      b = { tokens: opts.capacity, at: t, strikes: 0, until: 0 };
      if (buckets.size >= opts.maxSources) buckets.delete(buckets.keys().next().value!);
      buckets.set(source, b);
      return b;
    }
    const back = Math.floor((t - b.at) / opts.refillMs);
    if (back > 0) {
      b.tokens = Math.min(opts.capacity, b.tokens + back);
      b.at += back * opts.refillMs;
    }
    if (b.tokens >= opts.capacity) {
      b.strikes = 0;
      b.at = t;
    }
    return b;
  }

  return {
    /** Throws 429 while the source is backing off. Cheap: one Map lookup. */
    check(ip: string | undefined): void {
      const b = buckets.get(sourceRangeOf(ip));
      if (!b) return;
      const wait = b.until - now();
      if (wait > 0) throw (opts.refusal ?? secondsRefusal)(wait);
    },
    /** A failed password check from `ip` (or, for registrations, one registration answered). */
    fail(ip: string | undefined): void {
      const b = bucketOf(sourceRangeOf(ip));
      b.tokens = Math.max(0, b.tokens - 1);
      if (b.tokens < 1) {
        b.strikes += 1;
        b.until = now() + Math.min(opts.maxBackoffMs, opts.refillMs * 2 ** Math.min(b.strikes - 1, 30));
      }
    },
    /** Tests and QA: other limits, and a clean slate. */
    configure(next: Partial<ThrottleOptions>): void {
      opts = { ...opts, ...next };
      buckets.clear();
    },
    clear: () => buckets.clear(),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

/** What a server throttles per source: password guesses (the default) and registrations. */
const KINDS = { passwords: DEFAULT_THROTTLE, registrations: REGISTRATION_THROTTLE } as const;
export type ThrottleKind = keyof typeof KINDS;

const throttles = new WeakMap<Services, Map<ThrottleKind, Throttle>>();
/** The server's throttle of a kind (one per services and kind, made on first use with the server's clock). */
export function throttleOf(services: Services, kind: ThrottleKind = 'passwords'): Throttle {
  let byKind = throttles.get(services);
  if (!byKind) throttles.set(services, (byKind = new Map()));
  let t = byKind.get(kind);
  if (!t) byKind.set(kind, (t = createThrottle(() => services.clock.now(), KINDS[kind])));
  return t;
}

