import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { idList } from './qr-codes.ts';

/** A named group the caller files domains and QR codes under (the `group` screen). */
export const qrGroup = z.object({
  id,
  user_id: id,
  account: z.string(),
  name: z.string(),
  remark: z.string(),
  sort: z.int(),
  domain_count: z.int().min(0),
  qr_code_count: z.int().min(0),
  create_time: dateTime,
});
export type QrGroup = z.infer<typeof qrGroup>;

const groupFields = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  remark: z.string().max(512),
  sort: z.int().min(0).max(1_000_000),
};

/** Both group kinds (domain/QR group and internal code group) share one shape and four calls each. */
function groupCalls<const A extends string>(area: A, route: string, what: string) {
  return [
    defineCall({
      path: `${area}/add`,
      summary: `Add a ${what} for the caller; names are unique per owner (409).`,
      access: permission(route, 'add'),
      request: z.strictObject({ name: groupFields.name, remark: groupFields.remark.default(''), sort: groupFields.sort.default(0) }),
      response: qrGroup,
    }),
    defineCall({
      path: `${area}/inquire`,
      summary: `List ${what}s (own; administrators all) with how many domains and QR codes use each.`,
      access: ANY_USER,
      request: listRequest({ name: z.string().max(64).optional(), user_id: id.optional().describe('administrators only') }),
      response: pageOf(qrGroup),
    }),
    defineCall({
      path: `${area}/update`,
      summary: `Rename or re-sort a ${what}.`,
      access: permission(route, 'update'),
      request: z.strictObject({
        id,
        name: groupFields.name.optional(),
        remark: groupFields.remark.optional(),
        sort: groupFields.sort.optional(),
      }),
      response: qrGroup,
    }),
    defineCall({
      path: `${area}/remove`,
      summary: `Delete ${what}s; their domains and QR codes stay, ungrouped.`,
      access: permission(route, 'remove'),
      request: z.strictObject({ ids: idList }),
      response: z.object({ removed: z.int().min(0) }),
    }),
  ] as const;
}

export const groupCallList = groupCalls('group', 'group', 'group');
export const internalCodeGroupCallList = groupCalls('internal_code_group', 'internal_code_grouping', 'internal code group');

export const qrGroupCalls = [...groupCallList, ...internalCodeGroupCallList] as const;
