import type { CallDef, RequestOf } from '../../contracts/index.ts';
import type {
  ActionBase,
  ActionDecl,
  CallAction,
  FormDecl,
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
  remove<C extends CallDef>(
    call: C,
    decl: { button: string; permanent: boolean; body(ids: RowKey[], rows: RowOf<L>[]): RequestOf<C> },
  ): RemoveDecl<RowOf<L>>;
  action<C extends CallDef>(
    call: C,
    decl: ActionBase<RowOf<L>> & {
      scope: CallAction<RowOf<L>>['scope'];
      confirm?: 'normal' | 'danger';
      body(rows: RowOf<L>[]): RequestOf<C>;
    },
  ): ActionDecl<RowOf<L>>;
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
    remove: (call, decl) => ({ ...decl, call }),
    action: (call, decl) => ({ ...decl, kind: 'call', call }),
  };
  const decl = { ...declare(builder), list } as ResourceDecl<RowOf<L>>;
  registry.set(decl.name, decl as ResourceDecl);
  return decl;
}

/** The declaration registered under `name` (its screen module has been loaded). */
export function resourceByName(name: string): ResourceDecl | undefined {
  return registry.get(name);
}

/** The key of a row (`rowKey`, default 'id'). */
export function keyOf(decl: Pick<ResourceDecl, 'rowKey'>, row: unknown): RowKey {
  const value = (row as Record<string, unknown>)[decl.rowKey ?? 'id'];
  return typeof value === 'number' ? value : String(value);
}
