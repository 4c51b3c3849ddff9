import { z } from 'zod';
import { permission, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { ShowStatus } from '../enums.ts';

/** Longest document content (characters); more is 400 naming `content`. */
export const DOCUMENT_CONTENT_MAX = 20_000;

/**
 * A document (spec: "documents"; fields per issue 15): title, type (a free label such as "help" or
 * "agreement"), content. Content is text with line breaks, rendered by React as text (never as HTML), so
 * no markup in it can run; see docs/decisions/2026-11-23-mall-and-content.md.
 */
export const documentRow = z.object({
  id,
  title: z.string(),
  type: z.string(),
  content: z.string(),
  show_status: ShowStatus.schema,
  create_time: dateTime,
});
export type DocumentRow = z.infer<typeof documentRow>;

const fields = {
  title: z.string().trim().min(1, 'validation.title_required').max(128),
  type: z.string().trim().min(1).max(32),
  content: z.string().max(DOCUMENT_CONTENT_MAX),
  show_status: ShowStatus.schema,
};

export const documentList = defineCall({
  path: 'document/list',
  summary: 'Every document, newest first; filters title, type, show status.',
  access: permission('document_list'),
  request: listRequest({ title: z.string().trim().max(128).optional(), type: z.string().trim().max(32).optional(), show_status: ShowStatus.schema.optional() }),
  response: pageOf(documentRow),
});
export const documentInquire = defineCall({
  path: 'document/inquire',
  summary: 'Storefront: shown documents, optionally of one type.',
  access: PUBLIC,
  request: listRequest({ type: z.string().trim().max(32).optional() }),
  response: pageOf(documentRow),
});
export const documentAdd = defineCall({
  path: 'document/add',
  summary: 'Add a document.',
  access: permission('document_list', 'add'),
  request: z.strictObject({ ...fields, show_status: fields.show_status.default(1) }),
  response: documentRow,
});
export const documentUpdate = defineCall({
  path: 'document/update',
  summary: 'Change a document; only the fields sent change.',
  access: permission('document_list', 'update'),
  request: z.strictObject({
    id,
    title: fields.title.optional(),
    type: fields.type.optional(),
    content: fields.content.optional(),
    show_status: fields.show_status.optional(),
  }),
  response: documentRow,
});
export const documentRemove = defineCall({
  path: 'document/remove',
  summary: 'Delete documents for good, all or none.',
  access: permission('document_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const documentCalls = [documentList, documentInquire, documentAdd, documentUpdate, documentRemove] as const;
