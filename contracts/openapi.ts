import { describeAccess } from './access.ts';
import type { CallDef } from './call.ts';
import { failureEnvelope } from './envelope.ts';
import { sharedMessages } from './i18n/messages.ts';
import { EXAMPLE_DATE_TIME, exampleOf } from './openapi-example.ts';
import { SchemaComponents, type JsonSchema } from './openapi-schema.ts';

/** How a password field is made: the exact recipe an outside client needs. */
export const PASSWORD_ENCRYPTION =
  'Encrypted password: RSA-OAEP with SHA-256 (MGF1 SHA-256, no label) over the UTF-8 bytes of the password, ' +
  'with the public key of `security/public_key` (`spki`: DER SubjectPublicKeyInfo in standard base64), sent ' +
  'as the ciphertext in standard base64 with padding. Never send it in clear; the server decrypts it before ' +
  'validation (letters and digits, at least one of each).';

const DATE_TIME =
  "Date-time 'YYYY-MM-DD HH:mm:ss' (24-hour, no offset), in the server's local time zone (the machine " +
  `running the service); e.g. '${EXAMPLE_DATE_TIME}'.`;

/** Every failure the server writes, each with when it happens. 500 is never intended (the fuzz suite checks it). */
const FAILURES = {
  '400': 'A field is missing, of the wrong type or breaks a rule; `message` names the field.',
  '401': 'No token, an unknown or expired token, or the account was disabled: log in again.',
  '402': "A customer's membership is absent or past (`message` names the expiry): buy a VIP combo (buy_vip_combo) first.",
  '403': "The caller's role lacks the menu node this call needs (or the action is refused for this account).",
  '404': 'The record does not exist or is not the caller’s (both look the same).',
  '409': 'Conflicts with the current state: a name or domain already taken, a limit reached, a record not in the recycle bin.',
  '413': 'The body is over 1 MB.',
  '415':
    'The body is not one the server reads: a charset other than UTF-8 or a Content-Encoding it does not take ' +
    '(`key` errors.body_charset, errors.body_encoding), or an upload whose bytes are not one of the allowed file types (upload_config).',
  '429': 'Too many failed logins; `message` says how many minutes to wait.',
} as const;
type FailureStatus = keyof typeof FAILURES;

/** Every key of the shared message catalogue (`errors.not_found`, `validation.login_err_02`, …). */
const catalogueKeys = () => Object.entries(sharedMessages.en).flatMap(([group, table]) => Object.keys(table as object).map((name) => `${group}.${name}`));

/** The statuses a call may fail with, from what its declaration says about it. */
function failuresOf(call: CallDef): FailureStatus[] {
  const statuses: FailureStatus[] = ['400', '403', '404', '409', '413', '415'];
  if (call.access.kind !== 'public') statuses.push('401');
  if (call.membership) statuses.push('402');
  else statuses.push('429'); // the login family is public; the failed-login limit answers 429
  return statuses.sort();
}

/**
 * Rewrite descriptions the spec words better than a regex: date-times and, in requests only, encrypted
 * passwords (an answer's `password` is the generated one in clear: contracts/calls/users.ts says so).
 */
function annotate(json: JsonSchema, call: CallDef, direction: 'input' | 'output'): JsonSchema {
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const s = node as JsonSchema;
    if (s.type === 'string' && s.pattern === '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$') s.description = DATE_TIME;
    Object.values(s).forEach(walk);
  };
  walk(json);
  const props = json.properties as Record<string, JsonSchema> | undefined;
  for (const field of direction === 'input' ? (call.encryptedFields ?? []) : []) {
    // The example has the shape of a 2048-bit RSA ciphertext (256 bytes); it decrypts to nothing.
    if (props?.[field]) props[field] = { ...props[field], description: PASSWORD_ENCRYPTION, format: 'byte', examples: [`${'A'.repeat(342)}==`] };
  }
  return json;
}

/** The body of an upload call: one binary part named `file`. */
const MULTIPART_FILE = {
  'multipart/form-data': {
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  },
};

/** A call's tag: the first part of its path (its area). */
const tagOf = (call: CallDef) => (call.path.includes('/') ? call.path.split('/')[0]! : 'system');

/** OpenAPI 3.1 document of the given calls; served at /api/openapi.json. */
export function buildOpenApi(calls: readonly CallDef[], info: { title: string; version: string }) {
  const components = new SchemaComponents();
  // Made from the envelope the server's error handler writes, with the catalogue's keys named: a refusal's
  // `key` is one of them (tests/contract/refusals-documented.test.ts checks real refusals of every status).
  const refusal = components.convert(failureEnvelope, 'output');
  const refusalProps = refusal.properties as Record<string, JsonSchema>;
  refusalProps.key = { ...refusalProps.key, enum: catalogueKeys() };
  const failure = components.add('Failure', {
    ...refusal,
    description:
      'Every failure: HTTP 4xx with `status: false` and a message in the request’s language (`Accept-Language`: zh-CN by ' +
      'default, en); beside it the catalogue `key` and `params` it was worded from and the `field` it concerns, for a ' +
      'client that places the sentence under its input or words it itself.',
  });
  const responses = Object.fromEntries(
    Object.entries(FAILURES).map(([status, description]) => [
      `Failure${status}`,
      { description, content: { 'application/json': { schema: failure } } },
    ]),
  );
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const op = call.path.replace(/\W+/g, '_');
    const request = annotate(components.convert(call.request, 'input'), call, 'input');
    const example = exampleOf(request, components.schemas);
    const dataRef = components.add(`${op}_data`, annotate(components.convert(call.response, 'output'), call, 'output'));
    paths[`/api/${call.path}`] = {
      post: {
        operationId: op,
        summary: call.summary,
        description: `Who may call: ${describeAccess(call.access)}.${
          call.encryptedFields?.length ? ` Encrypted fields: ${call.encryptedFields.join(', ')} (${PASSWORD_ENCRYPTION})` : ''
        }`,
        tags: [tagOf(call)],
        // OpenAPI: an empty list means no authentication; two entries mean either header will do.
        security: call.access.kind === 'public' ? [] : [{ token: [] }, { bearer: [] }],
        'x-access': call.access,
        // Inline, not a component: openapi-typescript makes fields with a default required in components.
        requestBody: { required: true, content: call.upload ? MULTIPART_FILE : { 'application/json': { schema: request, example } } },
        responses: {
          '200': {
            description: 'Success: `status: true` and `data` (null for calls that answer nothing).',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { status: { const: true }, message: { type: 'string' }, data: dataRef },
                  required: ['status', 'data'],
                },
              },
            },
          },
          ...Object.fromEntries(failuresOf(call).map((s) => [s, { $ref: `#/components/responses/Failure${s}` }])),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      license: { name: 'Proprietary: internal QR console mock API', identifier: 'LicenseRef-Proprietary' },
      description:
        'Every call is POST with a JSON body and answers `{ status, message?, data? }`. Numeric enums list their codes in ' +
        'their description. Messages follow `Accept-Language` (zh-CN default, en).',
    },
    servers: [{ url: '/' }],
    // Every tag an operation uses, declared once (Spectral's operation-tag-defined).
    tags: [...new Set(calls.map(tagOf))].sort().map((name) => ({ name, description: `Calls under /api/${name}/` })),
    components: {
      schemas: components.schemas,
      responses,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: 'The token from admin/login or admin/register.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The same token as `Authorization: Bearer <token>`.' },
      },
    },
    paths,
  };
}
