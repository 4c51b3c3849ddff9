import {
  DomainDisplayType,
  domainAdd,
  domainInquire,
  domainRefusal,
  domainRemove,
  domainUpdate,
  groupCallList,
  HoldFlag,
  ShieldStatus,
  suggestDomains,
  type Domain,
} from '../../../contracts/index.ts';
import { CodesLeft } from '../../components/codes-left.tsx';
import styles from '../../resources/components/resource-list.module.css';
import type { ResourceBuilder } from '../../resources/define.ts';
import type { ColumnDecl, FieldOverride } from '../../resources/types.ts';

/** What the domain screens share; labels once under `resources.domain.*`. */
export const DOMAIN_LABELS = 'resources.domain';
type B = ResourceBuilder<typeof domainInquire>;
const [, groupInquire] = groupCallList;

/** The host name input suggests the §9 suffixes as the name is typed. */
export const domainNameField: FieldOverride = { name: 'domain', suggest: (typed) => suggestDomains(typed), helper: `${DOMAIN_LABELS}.hints.domain` };
const holdSwitch: FieldOverride = { name: 'hold', kind: 'switch', on: HoldFlag.values.yes };

export function domainColumns(options: { account?: boolean } = {}): ColumnDecl<Domain>[] {
  return [
    { field: 'domain', kind: 'text' },
    ...(options.account ? [{ field: 'account', kind: 'text' } as const] : []),
    { field: 'display_type', kind: 'enum', enum: DomainDisplayType, intentOf: () => 'primary' },
    {
      field: 'shield_status',
      kind: 'enum',
      enum: ShieldStatus,
      intentOf: (c) => (c === ShieldStatus.values.normal ? 'success' : c === ShieldStatus.values.blocked ? 'danger' : 'warning'),
    },
    { field: 'hold', kind: 'enum', enum: HoldFlag, hiddenByDefault: true },
    { field: 'group_name', kind: 'text' },
    {
      kind: 'custom',
      id: 'qr_code_count',
      // The figure of a domain: kept however narrow the table.
      priority: 1,
      // Codes still on a blocked domain: how many and what to do about it, not a bare figure.
      render: (row) =>
        row.shield_status === ShieldStatus.values.blocked && row.qr_code_count > 0 ? (
          <CodesLeft count={row.qr_code_count} displayType={row.display_type} />
        ) : (
          <span className={styles.number}>{row.qr_code_count}</span>
        ),
      text: (row) => String(row.qr_code_count),
    },
    { field: 'resolve_target', kind: 'text', hiddenByDefault: true },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ];
}

export const domainFilters = ['domain', 'display_type', 'shield_status', { field: 'group_id', lookup: 'groups' }] as const;

export function domainLookups(r: B) {
  return {
    // A form offers the groups of the domain's owner (the row's, or the user adding it); a filter offers all.
    groups: r.lookup(groupInquire, {
      options: (a, ctx) => {
        const owner = ctx.row?.user_id ?? ctx.userId;
        return a.content.filter((g) => owner === undefined || g.user_id === owner).map((g) => ({ value: g.id, label: g.name }));
      },
    }),
    // Where a domain's codes may move: another usable domain (not held, not blocked) of the same owner.
    domains: r.lookup(domainInquire, {
      options: (a, ctx) => {
        const from = ctx.rows?.[0];
        return a.content
          .filter((d) => domainRefusal(d) === null && d.id !== from?.id && (!from || d.user_id === from.user_id))
          .map((d) => ({ value: d.id, label: d.domain }));
      },
    }),
  };
}

/**
 * Deleting domains: names them, and when live QR codes are on them says how many and where they go ("QR codes
 * without domain", where they get a new one). docs/decisions/2026-11-26-domains.md says why this is allowed.
 */
const codesOn = (rows: Domain[]) => rows.reduce((n, d) => n + d.qr_code_count, 0);
/** Which domains, and the live codes on them and where they go (docs/decisions/2026-11-26-domains.md). */
const removal = {
  text: (rows: Domain[]) => `${DOMAIN_LABELS}.confirm.${codesOn(rows) ? 'remove_with_codes' : 'remove'}`,
  vars: (rows: Domain[]) => ({
    domains: rows.length > 3 ? `${rows.slice(0, 3).map((d) => d.domain).join(', ')}, …` : rows.map((d) => d.domain).join(', '),
    domain_count: rows.length,
    ...(codesOn(rows) ? { count: codesOn(rows) } : {}),
  }),
};

export function domainForms(r: B, hold?: number) {
  return {
    create: r.form(domainAdd, {
      button: 'add',
      fields: hold ? [domainNameField, 'display_type', { name: 'group_id', lookup: 'groups' }, 'resolve_target', 'remark'] : [domainNameField, 'display_type', { name: 'group_id', lookup: 'groups' }, holdSwitch, 'resolve_target', 'remark'],
      fixed: () => (hold ? { hold } : {}),
    }),
    update: r.form(domainUpdate, { button: 'update', fields: ['display_type', { name: 'group_id', lookup: 'groups' }, holdSwitch, 'resolve_target', 'remark'] }),
    remove: r.remove(domainRemove, { confirm: removal }),
  };
}
