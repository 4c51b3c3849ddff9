import { z } from 'zod';
import {
  DisableFlag,
  formatMoney,
  OnlineStatus,
  parseMoney,
  passwordRule,
  roleOptions,
  USER_SCREEN_KINDS,
  userSuperiorOptions,
  type SuperiorOption,
  userChangeBalance,
  userDisconnect,
  userForceRefresh,
  userResetPassword,
  BILL_REMARK_MAX,
  type UserRow,
  type userInquire,
  type administratorsInquire,
  type userUpdate,
  type administratorsUpdate,
  type userRemove,
  type administratorsRemove,
  type userAdd,
  type administratorsAdd,
} from '../../../contracts/index.ts';
import { namedOption } from '../../resources/built-in-option.ts';
import type { ResourceBuilder } from '../../resources/define.ts';
import type { ColumnDecl, ResourceInput } from '../../resources/types.ts';
import { ratioField } from '../../resources/ratio-field.ts';

/** Both user screens share labels: `resources.users.*`. */
export const USER_LABELS = 'resources.users';

type ListOf = typeof userInquire | typeof administratorsInquire;
type B = ResourceBuilder<ListOf>;

/** Every §3 column; the rarely needed ones start hidden (the column chooser shows them). */
export const userColumns: readonly ColumnDecl<UserRow>[] = [
  { field: 'id', kind: 'number', width: 64 },
  { field: 'account', kind: 'text' },
  { field: 'name', kind: 'text' },
  { field: 'role_name', kind: 'text', builtIn: 'role' },
  { field: 'phone', kind: 'text' },
  { field: 'superior_account', kind: 'text' },
  { field: 'invitation_code', kind: 'text' },
  { kind: 'custom', id: 'balance', render: (row) => formatMoney(row.balance_micro), text: (row) => formatMoney(row.balance_micro) },
  { field: 'share_ratio', kind: 'number' },
  { field: 'member_expire_time', kind: 'date' },
  { field: 'online_status', kind: 'enum', enum: OnlineStatus, intentOf: (c) => (c === OnlineStatus.values.online ? 'success' : 'none') },
  { field: 'online_update_time', kind: 'date', hiddenByDefault: true },
  { field: 'disable', kind: 'enum', enum: DisableFlag, intentOf: (c) => (c === DisableFlag.values.yes ? 'danger' : 'none') },
  { field: 'domain_limit', kind: 'number' },
  { field: 'create_time', kind: 'date' },
  { field: 'register_ip', kind: 'text', hiddenByDefault: true },
  { field: 'login_ip', kind: 'text', hiddenByDefault: true },
  { field: 'login_time', kind: 'date', hiddenByDefault: true },
];

export const userFilters = [
  'account',
  'phone',
  { field: 'role_id', lookup: 'roles' },
  'disable',
  'online_status',
  { range: ['start_time', 'end_time'] },
] as const;

/** The balance form takes what a person types (a decimal); the call takes signed micro-units. */
const balanceFields = z.object({
  amount: z.string().trim().regex(/^[+-]?\d{1,10}(\.\d{1,6})?$/, 'validation.amount_format'),
  remark: z.string().trim().min(1, 'validation.remark_required').max(BILL_REMARK_MAX),
});

/** A password typed in a form: §5 rules here (the call takes it encrypted); left empty, the server generates one. */
const typedPassword = z.object({ password: passwordRule.optional() });
const PASSWORD_FIELD = { name: 'password', kind: 'password', helper: `${USER_LABELS}.password_helper` } as const;

/** Superior choices: every live user but the one edited and everyone under them (no cycles; the server refuses too). */
export function superiorChoices(all: readonly SuperiorOption[], editing: number | undefined) {
  const below = new Set<number>(editing === undefined ? [] : [editing]);
  // Parents before children is not guaranteed: repeat until no user joins the excluded set.
  for (let grew = editing !== undefined; grew; ) {
    grew = false;
    for (const u of all) if (u.superior_id !== null && below.has(u.superior_id) && !below.has(u.id)) grew = !!below.add(u.id);
  }
  return all.filter((u) => !below.has(u.id)).map((u) => ({ value: u.id, label: u.account }));
}

const EDIT_FIELDS = [
  'name',
  'phone',
  { name: 'role_id', lookup: 'roles' },
  { name: 'superior_id', lookup: 'superiors' },
  'invitation_code',
  ratioField('share_ratio'),
  // An expiry lies ahead: next week, month, three months a click away (spec §9).
  { name: 'member_expire_time', kind: 'date_time', ahead: true },
  'domain_limit',
] as const;

const ADD_FIELDS = ['account', PASSWORD_FIELD, ...EDIT_FIELDS] as const;
/** Adding an administrator asks for the password twice (spec §3); both left empty, the server generates one. */
const REPEAT_FIELD = { name: 'repeat_password', kind: 'password' } as const;
const ADD_FIELDS_REPEATED = ['account', PASSWORD_FIELD, REPEAT_FIELD, ...EDIT_FIELDS] as const;
const repeatedPassword = { ...typedPassword.shape, repeat_password: z.string().optional() };
const sameTwice = (v: { password?: string; repeat_password?: string }) => (v.password ?? '') === (v.repeat_password ?? '');

/** The declaration both screens share; the calls differ (and so do the route's buttons). */
export function userScreen(
  r: B,
  calls: {
    add: typeof userAdd | typeof administratorsAdd;
    update: typeof userUpdate | typeof administratorsUpdate;
    remove: typeof userRemove | typeof administratorsRemove;
  },
  /** Ask for the new password twice when adding (administrators). Default false. */
  options: { repeatPassword?: boolean } = {},
): Omit<ResourceInput<ListOf>, 'list' | 'name'> {
  const id = (rows: UserRow[]) => rows[0]!.id;
  // The role kinds this screen holds (the contract's rule the server applies): the picker offers only those.
  const kinds: readonly string[] = USER_SCREEN_KINDS[calls.add.path === 'administrators/add' ? 'administrators' : 'user_list'];
  return {
    labels: USER_LABELS,
    columns: userColumns,
    filters: userFilters,
    lookups: {
      roles: r.lookup(roleOptions, { options: (a) => a.filter((x) => kinds.includes(x.kind)).map((x) => namedOption('role', x.id, x.name)) }),
      // A user cannot sit under itself or its own subtree: the edited row's descendants are left out.
      superiors: r.lookup(userSuperiorOptions, { options: (a, { row }) => superiorChoices(a, row?.id) }),
    },
    create: options.repeatPassword
      ? r.form(calls.add, {
          button: 'add',
          fields: ADD_FIELDS_REPEATED,
          schema: calls.add.request.extend(repeatedPassword).refine(sameTwice, { message: 'validation.passwords_inconsistent', path: ['repeat_password'] }),
          // The repeat is the form's own check: the call takes the password once.
          toBody: ({ repeat_password: _repeat, ...body }) => body,
        })
      : r.form(calls.add, { button: 'add', fields: ADD_FIELDS, schema: calls.add.request.extend(typedPassword.shape) }),
    update: r.form(calls.update, { button: 'update', fields: EDIT_FIELDS }),
    remove: r.remove(calls.remove),
    actions: [
      r.action(calls.update, { id: 'disable', scope: 'row', button: 'update', label: `${USER_LABELS}.actions.disable`, icon: 'disable', intent: 'danger', confirm: { text: `${USER_LABELS}.confirm.disable`, undoable: true, vars: (rows) => ({ account: rows[0]!.account }) }, visible: (row) => row.disable === DisableFlag.values.no, body: (rows) => ({ id: id(rows), disable: DisableFlag.values.yes }) }),
      r.action(calls.update, { id: 'enable', scope: 'row', button: 'update', label: `${USER_LABELS}.actions.enable`, icon: 'endorsed', visible: (row) => row.disable === DisableFlag.values.yes, body: (rows) => ({ id: id(rows), disable: DisableFlag.values.no }) }),
      r.formAction(userChangeBalance, {
        id: 'balance',
        scope: 'row',
        button: 'balance',
        label: `${USER_LABELS}.actions.balance`,
        icon: 'dollar',
        form: { schema: balanceFields, fields: ['amount', 'remark'], inputOf: { amount_micro: 'amount' }, toBody: (values, rows) => ({ id: id(rows), amount_micro: parseMoney(String(values.amount ?? '')), remark: values.remark }) },
        confirm: {
          text: `${USER_LABELS}.confirm.balance`,
          undoable: true,
          vars: (rows, body) => ({ account: rows[0]!.account, amount: formatMoney(Number(body?.amount_micro ?? 0)) }),
        },
      }),
      r.formAction(userResetPassword, {
        id: 'reset_password',
        scope: 'row',
        button: 'reset_password',
        label: `${USER_LABELS}.actions.reset_password`,
        icon: 'key',
        form: { schema: typedPassword, fields: [PASSWORD_FIELD], toBody: (values, rows) => ({ id: id(rows), ...(values.password ? { password: values.password } : {}) }) },
      }),
      r.action(userForceRefresh, { id: 'force_refresh', scope: 'row', button: 'force_refresh', label: `${USER_LABELS}.actions.force_refresh`, icon: 'refresh', confirm: { text: `${USER_LABELS}.confirm.force_refresh`, undoable: false, vars: (rows) => ({ account: rows[0]!.account }) }, body: (rows) => ({ id: id(rows) }) }),
      r.action(userDisconnect, { id: 'disconnect', scope: 'row', button: 'force_refresh', label: `${USER_LABELS}.actions.disconnect`, icon: 'offline', confirm: { text: `${USER_LABELS}.confirm.disconnect`, undoable: true, vars: (rows) => ({ account: rows[0]!.account }) }, body: (rows) => ({ id: id(rows) }) }),
    ],
    export: {},
  };
}
