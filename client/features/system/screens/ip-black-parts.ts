import type { IpBlackEntry } from '../../../../contracts/index.ts';
import type { ColumnDecl, FieldOverride } from '../../../resources/types.ts';

/** Columns of both IP black lists (same shape, different guard). */
export const ipBlackColumns: ColumnDecl<IpBlackEntry>[] = [
  { field: 'id', kind: 'number', width: 64 },
  { field: 'ip', kind: 'text' },
  { field: 'first_ip', kind: 'text' },
  { field: 'last_ip', kind: 'text' },
  { field: 'remark', kind: 'text' },
  { field: 'create_time', kind: 'date' },
];

/** The form: address or range, remark, and the confirmation a range covering one's own IP needs. */
export const ipBlackFields: FieldOverride[] = [
  { name: 'ip', label: 'resources.ip_black.fields.ip', helper: 'resources.ip_black.ip_help' },
  { name: 'remark', label: 'resources.ip_black.fields.remark' },
  { name: 'confirm_self', kind: 'switch', label: 'resources.ip_black.fields.confirm_self', helper: 'resources.ip_black.confirm_self_help' },
];
