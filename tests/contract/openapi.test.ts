import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import type { OpenAPI3 } from 'openapi-typescript';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * The served document as an outside tool sees it: swagger-parser validates it (refs resolve, 3.1 schema),
 * openapi-typescript turns it into types, and a small openapi-fetch client type-checks against them.
 */
type Operation = {
  requestBody: { content: { 'application/json': { example: unknown } } };
  responses: Record<string, { content?: { 'application/json': { schema: { required: string[] } } } }>;
  security: unknown;
};
type Doc = {
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown> };
};

const { t } = useApiServer();
let doc: Doc;
beforeAll(async () => {
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc;
});

const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8080' });

export async function menuIds(token: string): Promise<number[]> {
  const { data, error } = await client.POST('/api/menu/token_menu', { body: {}, headers: { token } });
  if (error) throw new Error(error.message);
  const walk = (items: components['schemas']['MenuItem'][]): number[] => items.flatMap((i) => [i.id, ...walk(i.children)]);
  return walk(data.data.tree_menu_arr);
}

export async function login(account: string, encrypted: string): Promise<string> {
  const { data } = await client.POST('/api/admin/login', { body: { account, password: encrypted } });
  return data?.data.token ?? '';
}

export async function firstPage(token: string) {
  const { data } = await client.POST('/api/qr_code_list/inquire', { body: { page: 1, page_size: 10 }, headers: { token } });
  const total: number | undefined = data?.data.total;
  return total;
}

// @ts-expect-error: a path the server does not have
void client.POST('/api/no_such_call', { body: {} });
// @ts-expect-error: login needs a password
void client.POST('/api/admin/login', { body: { account: 'a' } });
`;

describe('/api/openapi.json', () => {
  it('is valid OpenAPI 3.1 for swagger-parser (every $ref resolves)', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(api.info.title).toBeTruthy();
  });

  it('names the recursive menu node as a component and refers to it', () => {
    expect(doc.components.schemas.MenuItem).toBeTruthy();
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    expect(text).toContain('"$ref":"#/components/schemas/MenuItem"');
  });

  it('declares 409 and the failure envelope, security with token or Bearer, data required on success', () => {
    const op = doc.paths['/api/qr_code_list/add'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413']));
    expect(op.responses['200'].content?.['application/json'].schema.required).toEqual(['status', 'data']);
    expect(op.security).toEqual([{ token: [] }, { bearer: [] }]);
  });

  it('describes every numeric enum with its codes', () => {
    const enums: { enum: unknown[]; description?: string }[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const s = node as { enum?: unknown[]; description?: string };
      if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'number')) enums.push(s as { enum: unknown[] });
      Object.values(node).forEach(walk);
    };
    walk(doc);
    expect(enums.length).toBeGreaterThan(100);
    const undescribed = enums.filter((e) => !e.enum.every((code) => new RegExp(`\\b${String(code)}\\b`).test(e.description ?? '')));
    expect(undescribed).toEqual([]);
  });

  it('gives every call an example its own contract accepts', () => {
    // An upload call's body is multipart (a file), not a JSON example.
    const refused = (calls as readonly CallDef[]).filter((call) => !call.upload).flatMap((call) => {
      const example = doc.paths[`/api/${call.path}`].post.requestBody.content['application/json'].example;
      const parsed = call.request.safeParse(example);
      return parsed.success ? [] : [`${call.path}: ${JSON.stringify(example)} ${parsed.error.issues[0]?.message}`];
    });
    expect(refused).toEqual([]);
  });

  it('says how to encrypt a password', () => {
    const login = JSON.stringify(doc.paths['/api/admin/login'].post.requestBody);
    expect(login).toContain('RSA-OAEP with SHA-256');
    expect(login).toContain('security/public_key');
  });

  it('generates an openapi-typescript schema that an openapi-fetch client type-checks against', async () => {
    const source = astToString(await openapiTS(doc as unknown as OpenAPI3));
    // Inside the repository (.tmp/ is gitignored) so `openapi-fetch` resolves from its node_modules.
    const tmp = path.resolve(import.meta.dirname, '../../.tmp');
    fs.mkdirSync(tmp, { recursive: true });
    const dir = fs.mkdtempSync(path.join(tmp, 'openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'schema.d.ts'), source);
      fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT_PROGRAM);
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000); // ~10 s alone; more under the full suite's load
});
