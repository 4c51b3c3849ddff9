import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';

/** Whether a server takes scripts (1) or is switched off (2). */
export const ServerStatus = defineEnum('server_status', { enabled: 1, disabled: 2 });

/** A server of the server list (issue 13: name, host, remark, status). Nothing connects to it: scripts are simulated. */
export const serverEntry = z.object({
  id,
  name: z.string(),
  host: z.string(),
  remark: z.string(),
  status: ServerStatus.schema,
  create_time: dateTime,
});
export type ServerEntry = z.infer<typeof serverEntry>;

const fields = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  // A host name or IPv4 address, optionally with a port.
  host: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:\d{1,5})?$/, 'validation.host')
    .meta({ examples: ['10.0.0.5:22'] }),
  remark: z.string().max(255),
  status: ServerStatus.schema,
};

export const serverListInquire = defineCall({
  path: 'server_list/inquire',
  summary: 'Servers, filtered by name and status.',
  access: permission('server_list'),
  request: listRequest({ name: z.string().max(64).optional(), status: ServerStatus.schema.optional() }),
  response: pageOf(serverEntry),
});

export const serverListAdd = defineCall({
  path: 'server_list/add',
  summary: 'Add a server (a taken name answers 409).',
  access: permission('server_list', 'add'),
  request: z.strictObject({ ...fields, remark: fields.remark.default(''), status: fields.status.default(1) }),
  response: serverEntry,
});

export const serverListUpdate = defineCall({
  path: 'server_list/update',
  summary: 'Change a server; only the fields sent change.',
  access: permission('server_list', 'update'),
  request: z.strictObject({
    id,
    name: fields.name.optional(),
    host: fields.host.optional(),
    remark: fields.remark.optional(),
    status: fields.status.optional(),
  }),
  response: serverEntry,
});

export const serverListRemove = defineCall({
  path: 'server_list/remove',
  summary: 'Delete servers by id (all or none).',
  access: permission('server_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: noData,
});

export const serverListCalls = [serverListInquire, serverListAdd, serverListUpdate, serverListRemove] as const;
