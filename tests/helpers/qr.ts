import { expect } from 'vitest';
import { manualClock } from './clock.ts';
import { snapshot } from './db-snapshot.ts';
import type { Answer, TestServer } from '../../harness/server.ts';
import { useApiServer } from './api-server.ts';

/** A fixed server time for issue-4 tests: seeded demo visits fall on 2026-06-13..15 (the 15th is "today"). */
export const QR_NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
export const TODAY = '2026-06-15';

/** The data of a 200 answer (fails the test with the server's message otherwise). */
export function ok<T = unknown>(res: Answer): T {
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.status).toBe(true);
  return res.body.data as T;
}

/**
 * A refusal as `<field>: <sentence>` when it concerns a field, else the sentence: what the tables of cases
 * match (`/^name: /` = "refused over the name"). The person reads only the sentence (`message`); the field
 * travels apart (`field`), so the sentence itself never starts with it.
 */
export function refusalText(body: Pick<Answer['body'], 'message' | 'field'>): string {
  return body.field ? `${body.field}: ${body.message}` : (body.message ?? '');
}

/**
 * A matcher for a whole failure body (`expect(res.body).toEqual(failureBody(…))`): `status: false`, the sentence
 * (see `refusalText`) matching `message`, and nothing but the envelope's refusal parts beside it.
 */
export function failureBody(message: string | RegExp) {
  const allowed = new Set(['status', 'message', 'key', 'params', 'field']);
  return {
    asymmetricMatch(actual: unknown): boolean {
      const body = actual as Answer['body'] | null;
      if (!body || body.status !== false || typeof body.message !== 'string') return false;
      if (Object.keys(body).some((k) => !allowed.has(k))) return false;
      if (body.field && body.message.startsWith(`${body.field}: `)) return false;
      const text = refusalText(body);
      return typeof message === 'string' ? text === message : message.test(text);
    },
    toString: () => `failureBody(${String(message)})`,
    toAsymmetricMatcher: () => `failureBody(${String(message)})`,
  };
}

/** A 4xx answer in the one failure shape, with a message (see `refusalText`) matching `message`. */
export function refused(res: Answer, status: number, message?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.status).toBe(false);
  expect(typeof res.body.message).toBe('string');
  if (res.body.field) expect(res.body.message!.startsWith(`${res.body.field}: `)).toBe(false);
  if (typeof message === 'string') expect(refusalText(res.body)).toBe(message);
  else if (message) expect(refusalText(res.body)).toMatch(message);
}

/**
 * `refused`, and the database (sessions aside) exactly as before the call. Takes the server lazily: the
 * suites start theirs in `beforeAll`.
 */
export function refusalChecker(server: () => TestServer) {
  return async (path: string, body: unknown, token: string | undefined, status: number, message?: string | RegExp) => {
    const t = server();
    const before = snapshot(t.db, { except: ['sessions'] });
    refused(await t.call(path, body, token), status, message);
    expect(snapshot(t.db, { except: ['sessions'] })).toEqual(before);
  };
}

/** The seeded accounts the QR-code suites log in as, by the names their tokens go by. */
export const QR_LOGINS = { customer01: 'customer01', customer02: 'customer02', admin: 'admin01', agent: 'agent01' } as const;

/** Tokens of the seeded accounts the QR-code suites use. */
export async function logins(t: TestServer): Promise<Record<keyof typeof QR_LOGINS, string>> {
  const [customer01, customer02, admin, agent] = await Promise.all(Object.values(QR_LOGINS).map((a) => t.login(a)));
  return { customer01: customer01!, customer02: customer02!, admin: admin!, agent: agent! };
}

/** A suite's server at QR_NOW with the QR_LOGINS accounts logged in: `const { t, tok } = useQrServer()`. */
export function useQrServer() {
  return useApiServer({ clock: manualClock(QR_NOW) }, QR_LOGINS);
}

/** Ids of seeded rows (fixtures/seed/qr-codes.ts). */
export const SEEDED = {
  demo01: 1,
  demo02: 2,
  demo03: 3,
  demo04: 4,
  trash01: 5,
  c2code01: 6,
  entry1: 1,
  land1: 2,
  s1: 3,
  reserve1: 5,
  entry2: 6,
  group1: 1,
  group3: 3,
} as const;
