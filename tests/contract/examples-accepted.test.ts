import { describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { TOTP } from 'otpauth';
import { users } from '../../fixtures/seed/users.ts';
import { useDocumentedServer } from '../helpers/documented-server.ts';

/**
 * The document tells the truth (issue 24, found by Prism's validating proxy and Portman): every call's example
 * in the served OpenAPI document, sent as is to the server (as superadmin, who holds every menu node), is
 * accepted: never refused for its shape (400) and never 415/5xx. Ids in examples may name no row, so 404 and a
 * state conflict (409) count as accepted; between calls the database goes back to a saved state, so a
 * destructive example (a removal, a logout) cannot change what the next call meets.
 */

type Doc = { paths: Record<string, { post: { requestBody: { content: Record<string, { example?: unknown }> } } }> };

const passwordOf = (account: string) => users.find((u) => u.account === account)!.password;

// The seed with superadmin's session in it: each call starts from here, logged in.
const served = useDocumentedServer<Doc>('examples');
const { t, tok, loadBase } = served;

/**
 * What the document cannot hold: an encrypted field's example has the shape of a ciphertext only (it becomes
 * the real ciphertext of superadmin's password, the account the login example names), and a TOTP code is only
 * right at the moment it is sent (made from the example's secret).
 */
function sendable(call: CallDef, example: unknown): unknown {
  if (!example || typeof example !== 'object') return example;
  const body = { ...(example as Record<string, unknown>) };
  for (const f of call.encryptedFields ?? []) if (f in body) body[f] = t.encrypt(passwordOf('superadmin'));
  if (call.path === 'admin/bind_totp') body.code = new TOTP({ secret: String(body.secret) }).generate();
  return body;
}

const ACCEPTED = new Set([200, 402, 404, 409]);

describe('every example of the OpenAPI document is accepted by the server', () => {
  const json = (calls as readonly CallDef[]).filter((c) => !c.upload);

  it(`sends all ${json.length} JSON examples`, async () => {
    const refused: string[] = [];
    for (const call of json) {
      const example = served.doc.paths[`/api/${call.path}`]?.post.requestBody.content['application/json']?.example;
      expect(example, call.path).toBeDefined();
      await loadBase();
      const res = await t.call(call.path, sendable(call, example), tok.admin);
      if (!ACCEPTED.has(res.status)) refused.push(`${call.path} ${res.status} ${res.body.message} ← ${JSON.stringify(example)}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
