import fc from 'fast-check';
import type * as core from 'zod/v4/core';
import { calls, OWNED_REFS, type CallDef } from '../../contracts/index.ts';
import { applyHostileText, hostileize } from '../../fixtures/hostile.ts';
import type { TestServer } from '../server.ts';
import { validBody } from './derive.ts';
import { createFuzzEnv, send, type FuzzEnv } from './fuzz-runner.ts';
import { encodeBody, schemaAt } from './hostile.ts';
import { callerFor, IDENTITY_ACCOUNT, mintToken } from './identities.ts';
import { refValues } from './owned-rows.ts';

/** Calls that create or change displayed records (auth calls aside: they hold no display text). */
export const WRITES = /\/(add|send|update[a-z_]*)$/;

export interface HostileInsert {
  call: string;
  attempts: number;
  stored: number;
}

const accepts = (schema: core.$ZodType | undefined, value: string) =>
  !!schema && (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;

/**
 * Fill the server with records whose every text field holds a payload: each writing call of the registry,
 * as the least privileged caller allowed, with valid generated bodies turned hostile field by field. Then the
 * text no call writes yet (user names, catalogue titles, the site title) directly. Returns what was stored.
 */
export async function insertHostileRecords(env: FuzzEnv, { attempts = 12 } = {}): Promise<HostileInsert[]> {
  const { server } = env;
  const out: HostileInsert[] = [];
  for (const call of calls as readonly CallDef[]) {
    if (!WRITES.test(call.path) || call.path.startsWith('admin/')) continue;
    const identity = callerFor(call);
    const token = mintToken(server.services, identity)!;
    const bodies = fc.sample(validBody(call.request, call.encryptedFields ?? [], env.ctx), { numRuns: attempts, seed: 5 });
    const result: HostileInsert = { call: call.path, attempts: 0, stored: 0 };
    // Fields naming owned rows get the caller's own rows (else most bodies would name a row that is not there).
    const own: Record<string, unknown[]> = {};
    if (identity !== 'anonymous') {
      const user = server.services.users.byAccount(IDENTITY_ACCOUNT[identity])!;
      const who = { identity, id: user.id, account: user.account, token };
      for (const [field, ref] of Object.entries(OWNED_REFS[call.path as keyof typeof OWNED_REFS] ?? {})) own[field] = await refValues(server, who, ref);
    }
    for (const [i, generated] of bodies.entries()) {
      const body = { ...(generated as Record<string, unknown>) };
      for (const [field, values] of Object.entries(own)) {
        if (!(field in body) || !values.length) continue;
        const isArray = Array.isArray(body[field]);
        body[field] = isArray ? [values[i % values.length]] : values[i % values.length];
      }
      const hostile = hostileize(body, (path, value) => accepts(schemaAt(call.request, path), value), i);
      const sent = await send(server.url, call.path, encodeBody(hostile, server.encrypt), { token });
      result.attempts++;
      if (sent.status === 200) result.stored++;
    }
    out.push(result);
  }
  applyHostileText(server.db);
  return out;
}

export async function hostileServer(staticDir: string): Promise<{ env: FuzzEnv; server: TestServer; inserted: HostileInsert[] }> {
  const env = await createFuzzEnv({ staticDir });
  return { env, server: env.server, inserted: await insertHostileRecords(env) };
}
