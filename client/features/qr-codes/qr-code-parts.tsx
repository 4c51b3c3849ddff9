import type { qrCodeInquire } from '../../../contracts/index.ts';
import { domainInquire, domainRefusal, type Domain, groupCallList, internalCodeGroupCallList, JumpType, OpenLog, qrCodeAdd, qrCodeDetails, qrCodeUpdate, RotationType, rotationTypeInquire, ShowStatus, VisitMethod, VisitRestriction, type QrCode } from '../../../contracts/index.ts';
import { namedOption } from '../../resources/built-in-option.ts';
import type { ResourceBuilder } from '../../resources/define.ts';
import type { ColumnDecl, FieldOverride, LookupDecl, RowKey } from '../../resources/types.ts';
import { qrTargetUrl } from './components/qr-code-dialog.tsx';
import { QrImage } from '../../components/qr/qr-image.tsx';
import styles from './components/qr-codes.module.css';

/*
 * What the QR code screens (qr_code_list, qr_code_list_admin, qr_code_remove, short_qr_code_list, batche_query,
 * no_domain_name, nodomain, set_qr_code) share over one row type: columns, lookups and forms here, the row and
 * bulk actions in qr-code-actions.tsx. Labels live once under `resources.qr_code.*`.
 */
export const QR_LABELS = 'resources.qr_code';
/** The builder every QR code screen's declaration gets. */
export type B = ResourceBuilder<typeof qrCodeInquire>;
const [, groupInquire] = groupCallList;
const [, internalGroupInquire] = internalCodeGroupCallList;

const urlsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((url) => ({ url }));
const childrenText = (v: unknown) => (Array.isArray(v) ? v.map((c: { url?: string }) => c.url ?? '').join('\n') : '');

/** Target URLs: one per line in the form, `[{ url }]` in the body. */
export const childrenField: FieldOverride = { name: 'children', kind: 'lines', parse: urlsOf, format: childrenText, helper: `${QR_LABELS}.hints.children` };
const openLogSwitch: FieldOverride = { name: 'open_log', kind: 'switch', on: OpenLog.values.open };

const domainOption = (d: Domain) => ({ value: d.id, label: d.domain });

/** The one domain every given code is on (a move onto it changes nothing), else undefined. */
function sharedDomain(rows: readonly QrCode[] | undefined): number | undefined {
  const first = rows?.[0]?.domain_id ?? undefined;
  return first !== undefined && rows!.every((x) => x.domain_id === first) ? first : undefined;
}

export function qrLookups(r: B, domainFilter: Record<string, unknown> = {}): Record<string, LookupDecl> {
  return {
    // Only domains that may take codes (not held, not blocked: contracts' domainRefusal, which the server
    // also applies); an edit form keeps the code's current domain so the select still shows it.
    domains: r.lookup(domainInquire, {
      body: { page: 1, page_size: 200, ...domainFilter },
      // Editing a code: only its owner's domains (a code stays with its owner; the server refuses another's).
      options: (a, ctx) =>
        a.content.filter((d) => (domainRefusal(d) === null || d.id === ctx.row?.domain_id) && (!ctx.row || d.user_id === ctx.row.user_id)).map(domainOption),
    }),
    // Where chosen codes may move: usable domains of their owner, but not the one they are all on already.
    move_targets: r.lookup(domainInquire, {
      body: { page: 1, page_size: 200, ...domainFilter },
      options: (a, ctx) => {
        const on = sharedDomain(ctx.rows);
        const owners = new Set((ctx.rows ?? []).map((x) => x.user_id));
        return a.content.filter((d) => domainRefusal(d) === null && d.id !== on && (owners.size !== 1 || owners.has(d.user_id))).map(domainOption);
      },
    }),
    groups: r.lookup(groupInquire),
    // The rotation types an administrator shows (rotation_type screen), named as they named them; the
    // first entry (larger sort) of a type names it.
    rotation_types: r.lookup(rotationTypeInquire, {
      body: { page: 1, page_size: 200, show_status: ShowStatus.values.show },
      options: (a) => a.content.filter((e, i, all) => all.findIndex((x) => x.rotation_type === e.rotation_type) === i).map((e) => namedOption('rotation_type', e.rotation_type, e.name)),
    }),
    internal_groups: r.lookup(internalGroupInquire),
  };
}

const origin = () => window.location.origin;

export function qrColumns(options: { account?: boolean; removed?: boolean } = {}): ColumnDecl<QrCode>[] {
  return [
    {
      kind: 'custom',
      id: 'qr',
      render: (row) => (
        <span className={styles.thumb}>
          <QrImage text={qrTargetUrl(row, 'domain', origin())} size={40} label={row.file_name} />
        </span>
      ),
    },
    // The owner is context: the code's name says which row it is (kept on a phone, the owner is not).
    ...(options.account ? [{ field: 'account', kind: 'text', priority: 2 } as const] : []),
    { field: 'name', kind: 'text' },
    { kind: 'custom', id: 'file_name', sortable: false, render: (row) => <span className={styles.code}>{row.file_name}</span>, text: (row) => row.file_name },
    { field: 'domain', kind: 'text' },
    {
      kind: 'custom',
      id: 'children',
      render: (row) => (
        <ul className={styles.children}>
          {row.children.slice(0, 2).map((c) => (
            <li key={c.id} title={c.url}>
              {c.url}
            </li>
          ))}
          {row.children.length > 2 && <li>+{row.children.length - 2}</li>}
        </ul>
      ),
      text: (row) => row.children.map((c) => c.url).join(' '),
    },
    { field: 'rotation_type', kind: 'enum', enum: RotationType },
    { field: 'jump_type', kind: 'enum', enum: JumpType, hiddenByDefault: true },
    { field: 'visit_method', kind: 'enum', enum: VisitMethod, hiddenByDefault: true },
    { field: 'visit_restriction', kind: 'enum', enum: VisitRestriction, hiddenByDefault: true },
    { field: 'open_log', kind: 'enum', enum: OpenLog, intentOf: (c) => (c === OpenLog.values.open ? 'success' : 'none') },
    { field: 'view_number', kind: 'number' },
    { field: 'ip_view_number', kind: 'number' },
    { field: 'record_count', kind: 'number', hiddenByDefault: true },
    { field: 'group_name', kind: 'text', hiddenByDefault: true },
    options.removed ? { field: 'remove_time', kind: 'date' } : { field: 'create_time', kind: 'date' },
  ];
}

export const qrFilters = ['name', 'file_name', 'domain', 'rotation_type', { field: 'group_id', lookup: 'groups' }] as const;

/** The settings a code's forms and the batch update share. */
export const settingsFields = [
  { name: 'group_id', lookup: 'groups' },
  { name: 'internal_code_group_id', lookup: 'internal_groups' },
  'short_code_type',
  { name: 'rotation_type', lookup: 'rotation_types' },
  // The code's count is every link's (the server sets it on each): the hint says so, and where one is set apart.
  { name: 'visit_threshold', helper: `${QR_LABELS}.hints.visit_threshold` },
  'jump_type',
  'visit_method',
  'visit_restriction',
  openLogSwitch,
  'remark',
] as const;

export function qrCreateForm(r: B, button = 'add') {
  return r.form(qrCodeAdd, {
    button,
    fields: ['name', { name: 'domain_id', lookup: 'domains' }, childrenField, 'file_name', 'password', ...settingsFields],
  });
}

export function qrUpdateForm(r: B) {
  return r.form(qrCodeUpdate, {
    button: 'update',
    fields: ['name', { name: 'domain_id', lookup: 'domains' }, 'file_name', 'password', ...settingsFields],
  });
}

/** Opening one code's edit form reads it afresh (spec §7 `qr_code_list/details`): another tab may have moved it. */
export const qrDetails = { call: qrCodeDetails, body: (key: RowKey) => ({ id: Number(key) }) };
