import { beforeAll, expect } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { useApiServer } from './api-server.ts';

/**
 * A suite that holds the served OpenAPI document against the server: a server on a real database file (named
 * states need one), superadmin logged in (`tok.admin`, who holds every menu node), the document as served
 * (`doc`, read before the tests) and the seed with that session saved as the state `name`, which `loadBase()`
 * brings back between calls so a destructive example cannot change what the next call meets.
 */
export function useDocumentedServer<Doc>(name: string) {
  const { t, tok } = useApiServer({ file: name }, { admin: 'superadmin' });
  const state = (op: 'save' | 'load') =>
    fetch(`${t.url}${CONTROL_PREFIX}/state/${op}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  let doc: Doc | undefined;
  const served = {
    t,
    tok,
    /** The OpenAPI document the server serves (read before the tests). */
    get doc(): Doc {
      if (!doc) throw new Error('useDocumentedServer: the document is read in beforeAll');
      return doc;
    },
    async loadBase() {
      expect((await state('load')).status).toBe(200);
    },
  };
  beforeAll(async () => {
    doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc;
    expect((await state('save')).status).toBe(200);
  });
  return served;
}
