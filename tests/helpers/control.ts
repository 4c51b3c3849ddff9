import { expect } from 'vitest';
import { CONTROL_PREFIX, type AnyControlName, type ControlBodyOf, type ControlDataOf } from '../../contracts/index.ts';
import type { TestServer } from '../../harness/server.ts';

/** A control API operation (`/__control/*`), its body and its data: contracts/realtime/control-any.ts. */
export type { AnyControlName, ControlBodyOf, ControlDataOf };

/**
 * POST /__control/<name> as QA does (curl or `npm run journal`), body and answer typed from the contract: the
 * HTTP status and the envelope, for tests that look at refusals too. A missing body is sent as `{}`.
 */
export async function controlCall<N extends AnyControlName>(t: TestServer, name: N, body?: ControlBodyOf<N>) {
  const res = await fetch(`${t.url}${CONTROL_PREFIX}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data: ControlDataOf<N> } };
}

/** A control operation that must succeed (200, named with its answer when not): its data. */
export async function control<N extends AnyControlName>(t: TestServer, name: N, body?: ControlBodyOf<N>): Promise<ControlDataOf<N>> {
  const res = await controlCall(t, name, body);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}
