import type { CallDef, RequestOf, ResponseOf } from '../../contracts/index.ts';
import { defaultLookupBody, defaultLookupOptions, defaultRemoveBody, type LookupFields, type LookupRowOf } from './defaults.ts';
import type { FieldOption } from './schema-fields.ts';
import type {
  ActionBase,
  ActionDecl,
  CallAction,
  ConfirmSpec,
  FormAction,
  FormActionAsks,
  FormDecl,
  LookupContext,
  LookupDecl,
  ListCall,
  RemoveDecl,
  ResourceDecl,
  ResourceInput,
  RowKey,
  RowOf,
} from './types.ts';

/** Helpers bound to one list call's row type, so a declaration's callbacks and field names type-check. */
export interface ResourceBuilder<L extends ListCall> {
  form<C extends CallDef>(call: C, decl: Omit<FormDecl<C, RowOf<L>>, 'call'>): FormDecl<CallDef, RowOf<L>>;
  /**
   * Deleting the chosen rows with `call`. Defaults (defaults.ts): button `remove`, permanent (danger wording:
   * say `permanent: false` for a bin), and the chosen rows' keys sent as `{ ids }`; a call taking another body
   * must declare `body`.
   */
  remove<C extends CallDef>(
    call: C,
    ...decl: RequestOf<C> extends { ids: readonly number[] } ? [decl?: RemoveInput<C, RowOf<L>>] : [decl: RemoveInput<C, RowOf<L>> & Required<Pick<RemoveInput<C, RowOf<L>>, 'body'>>]
  ): RemoveDecl<RowOf<L>>;
  action<C extends CallDef>(
    call: C,
    decl: ActionBase<RowOf<L>> & {
      scope: CallAction<RowOf<L>>['scope'];
      confirm?: ConfirmSpec<RowOf<L>>;
      body(rows: RowOf<L>[]): RequestOf<C>;
    },
  ): ActionDecl<RowOf<L>>;
  /** An action opening a generic form over `call` for the chosen rows. */
  formAction<C extends CallDef>(
    call: C,
    // Loosely typed fields: an action form's inputs often come from a nested schema (`form.schema`).
    decl: ActionBase<RowOf<L>> &
      FormActionAsks<RowOf<L>> &
      Pick<FormAction<RowOf<L>>, 'submitAsAction'> & { scope: FormAction<RowOf<L>>['scope']; form: Omit<FormDecl<CallDef, RowOf<L>>, 'call' | 'button'> },
  ): ActionDecl<RowOf<L>>;
  /**
   * Another call's answer for selects. Defaults (defaults.ts): body one page of 200 rows for a paged call (else
   * `{}`), and each row's `value` field (`id`) offered under its `label` field (`name`), after `first` if given.
   * `options` replaces that mapping where choices are filtered, ordered or nested (say why beside it).
   */
  lookup<C extends CallDef>(
    call: C,
    decl?: LookupFields<LookupRowOf<C>> & {
      body?: RequestOf<C>;
      options?(answer: ResponseOf<C>, ctx: LookupContext<RowOf<L>>): readonly FieldOption[];
    },
  ): LookupDecl;
}

/** What a declaration says of a remove; everything has a default but a body for a call not taking `{ ids }`. */
interface RemoveInput<C extends CallDef, Row> {
  readonly button?: string;
  readonly permanent?: boolean;
  body?(ids: RowKey[], rows: Row[]): RequestOf<C>;
  readonly confirm?: RemoveDecl<Row>['confirm'];
}

const registry = new Map<string, ResourceDecl>();

/**
 * Declare a resource over its list call. The declaration is registered under its name so the one resource
 * saga can find its calls when an action names it (actions stay serializable: they carry the name only).
 */
export function defineResource<L extends ListCall>(
  list: L,
  declare: (r: ResourceBuilder<L>) => Omit<ResourceInput<L>, 'list'>,
): ResourceDecl<RowOf<L>> {
  const builder: ResourceBuilder<L> = {
    form: (call, decl) => ({ ...decl, call }) as FormDecl<CallDef, RowOf<L>>,
    remove: (call, ...[decl]) => ({
      button: decl?.button ?? 'remove',
      permanent: decl?.permanent ?? true,
      body: decl?.body ?? defaultRemoveBody(call),
      confirm: decl?.confirm,
      call,
    }),
    action: (call, decl) => ({ ...decl, kind: 'call', call }),
    formAction: (call, { form, ...decl }) => ({
      ...decl,
      kind: 'form',
      form: { ...form, call, button: decl.button ?? '' } as FormDecl<CallDef, RowOf<L>>,
    }),
    lookup: (call, { body, options, ...fields } = {}) => ({
      call,
      body: body ?? defaultLookupBody(call),
      options: options ? (answer, ctx) => options(answer as ResponseOf<typeof call>, ctx as LookupContext<RowOf<L>>) : defaultLookupOptions(fields),
    }),
  };
  const decl = { ...declare(builder), list } as ResourceDecl<RowOf<L>>;
  registry.set(decl.name, decl as ResourceDecl);
  return decl;
}

/** The declaration registered under `name` (its screen module has been loaded). */
export function resourceByName(name: string): ResourceDecl | undefined {
  return registry.get(name);
}

/** Every declaration registered so far (the screens' modules loaded): a test walks their actions. */
export function allResources(): ResourceDecl[] {
  return [...registry.values()];
}

/** The key of a row (`rowKey`, default 'id'). */
export function keyOf(decl: Pick<ResourceDecl, 'rowKey'>, row: unknown): RowKey {
  const value = (row as Record<string, unknown>)[decl.rowKey ?? 'id'];
  return typeof value === 'number' ? value : String(value);
}
