import { z } from 'zod';
import { describeAccess } from './access.ts';
import type { CallDef } from './call.ts';
import { envelope, failureEnvelope } from './envelope.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

/** The body of an upload call: one binary part named `file`. */
const MULTIPART_FILE = {
  'multipart/form-data': {
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  },
};

/** OpenAPI 3.1 document of the given calls; served at /api/openapi.json. */
export function buildOpenApi(calls: readonly CallDef[], info: { title: string; version: string }) {
  const failure = {
    description: 'Failure: `{ status: false, message }`',
    content: { 'application/json': { schema: jsonSchema(failureEnvelope, 'output') } },
  };
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const security = call.access.kind === 'public' ? [] : [{ token: [] }];
    paths[`/api/${call.path}`] = {
      post: {
        operationId: call.path.replace(/\W+/g, '_'),
        summary: call.summary,
        description: `Who may call: ${describeAccess(call.access)}.${
          call.encryptedFields?.length ? ` Encrypted fields (RSA-OAEP-256, base64): ${call.encryptedFields.join(', ')}.` : ''
        }`,
        tags: [call.path.includes('/') ? call.path.split('/')[0] : 'system'],
        security,
        'x-access': call.access,
        requestBody: { required: true, content: call.upload ? MULTIPART_FILE : { 'application/json': { schema: jsonSchema(call.request, 'input') } } },
        responses: {
          '200': {
            description: 'Success envelope',
            content: { 'application/json': { schema: jsonSchema(envelope(call.response), 'output') } },
          },
          '400': failure,
          '401': failure,
          '403': failure,
          '404': failure,
          '413': failure,
          '429': failure,
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
    },
    paths,
  };
}
