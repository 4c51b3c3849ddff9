import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Answers judged by the published document, with outside tools only: swagger-parser validates the served
 * OpenAPI 3.1 document and resolves its `$ref`s, and ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) checks an
 * answer against the schema the document declares for that call and status. Nothing here reads contracts/:
 * when the server and the document drift apart, this says so, whatever our own zod schemas think.
 */
export interface DocumentCheck {
  /**
   * What is wrong with `body` as the answer of `POST /api/<call>` with HTTP `status`: the status is one the
   * operation declares, and the body fits its schema. `[]` when it fits.
   */
  answer(call: string, status: number, body: unknown): string[];
  /** What is wrong with `body` as `components.schemas.Failure` (a refusal of a path the document has no operation for). */
  failure(body: unknown): string[];
  /** The statuses the document declares for a call (`undefined`: no such operation). */
  statuses(call: string): string[] | undefined;
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths?: Record<string, { post?: Operation }>; components?: { schemas?: Record<string, unknown> } };

const DOCUMENT_ID = 'https://qr-console.invalid/api/openapi.json';

/** `/api/a/b` → `~1api~1a~1b` (RFC 6901). */
const pointerPart = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const said = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(answer)'} ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);

const checks = new Map<string, Promise<DocumentCheck>>();

/** The check of the document served at `<baseUrl>/api/openapi.json` (made once per distinct document text). */
export async function servedDocumentCheck(baseUrl: string): Promise<DocumentCheck> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const text = await res.text();
  let made = checks.get(text);
  if (!made) {
    made = documentCheck(JSON.parse(text) as Document);
    checks.set(text, made);
  }
  return made;
}

/** A check over an OpenAPI 3.1 document (validated first: an invalid document throws). */
export async function documentCheck(served: Document): Promise<DocumentCheck> {
  // Circular references (the menu tree) stay `$ref`s: ajv resolves them against the document added below.
  const doc = (await SwaggerParser.validate(structuredClone(served) as never, { dereference: { circular: 'ignore' } })) as unknown as Document;
  // The whole document is one schema resource, so a fragment's `#/components/…` resolves inside it; its
  // OpenAPI keys (`openapi`, `paths`, `x-…`) are no JSON Schema keywords, hence no strict schema mode.
  const ajv = new Ajv2020({ allErrors: true, strictSchema: false, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let v = compiled.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, v);
    }
    return v;
  };
  const operation = (call: string) => doc.paths?.[`/api/${call}`]?.post;
  const bySchema = new Map<unknown, ValidateFunction>();

  return {
    statuses: (call) => {
      const op = operation(call);
      return op ? Object.keys(op.responses ?? {}) : undefined;
    },
    answer(call, status, body) {
      const op = operation(call);
      if (!op) return [`the document has no operation POST /api/${call}`];
      const declared = op.responses?.[String(status)];
      if (!declared) return [`status ${status} is not declared for /api/${call} (declared: ${Object.keys(op.responses ?? {}).join(', ')})`];
      if (!declared.content?.['application/json']?.schema) return [`status ${status} of /api/${call} declares no JSON body`];
      const schema = declared.content['application/json'].schema;
      // Resolved, the document's `$ref`s are shared objects: every call's 4xx answers are one Failure schema. One
      // validator per schema, not per call and status (2,074 places, 233 schemas; each compile cost ~10 ms).
      let validate = bySchema.get(schema);
      if (!validate) {
        validate = validator(`/paths/${pointerPart(`/api/${call}`)}/post/responses/${status}/content/application~1json/schema`);
        bySchema.set(schema, validate);
      }
      return validate(body) ? [] : said(validate.errors).map((e) => `${status} ${call}: ${e}`);
    },
    failure(body) {
      const validate = validator('/components/schemas/Failure');
      return validate(body) ? [] : said(validate.errors);
    },
  };
}
