import { PAGE_SIZE_MAX, type CallDef } from '../../../contracts/index.ts';
import { defineResource, type ResourceBuilder } from '../define.ts';
import { fieldsOf } from '../schema-fields.ts';
import type {
  FieldOverride,
  FormDecl,
  FormField,
  ListCall,
  LookupDecl,
  RemoveDecl,
  ResourceDecl,
  RowOf,
} from '../types.ts';

/** Lookup id of the parent picker the tree screen fills from its own rows (no call). */
export const TREE_PARENT_LOOKUP = 'tree_parent';

type Field<Row> = Extract<keyof Row, string>;

/** A tree editor over a list call answering every node (`{ content, total }`, one page of up to 200). */
export interface TreeDecl<Row = unknown> {
  /** The list engine's declaration underneath: the same slice, saga, forms and remove. */
  readonly resource: ResourceDecl<Row>;
  /** The parent id field (0 = top level); shown as a picker that leaves out the node and its descendants. */
  readonly parent: string;
  /** The node's title in the console language `language` (i18n.language). */
  titleOf(row: Row, language: string): string;
  /** An i18n key to show instead of the title when it has one (menu nodes' language variables). */
  titleKeyOf?(row: Row): string;
  parentOf(row: Row): number;
  sortOf(row: Row): number;
  /** Shown dimmed with a "hidden" tag. Default never. */
  hidden?(row: Row): boolean;
}

export interface TreeInput<Row> {
  /** Route name; labels under `resources.<name>`. */
  readonly name: string;
  /** i18n key of the title when the tree is not a route of its own (a mode of another screen). Default `menu.<name>`. */
  readonly label?: string;
  readonly description?: string;
  /** A field, or the title in the console language (e.g. one of per-language titles, with a fallback). */
  readonly title: Field<Row> | ((row: Row, language: string) => string);
  /** A field holding an i18n key shown instead of the title when not empty. */
  readonly titleKey?: Field<Row>;
  readonly parent: Field<Row>;
  /** Larger first among siblings (spec §9). */
  readonly sort: Field<Row>;
  hidden?(row: Row): boolean;
  /** Add a node (a child when opened on a node: its parent field starts at that node). */
  readonly create?: FormDecl<CallDef, Row>;
  /** Edit the chosen node; a new parent moves it. */
  readonly update?: FormDecl<CallDef, Row>;
  /** Remove the chosen node; offered only while it has no children (the server refuses too). */
  readonly remove?: RemoveDecl<Row>;
  /** Other calls the forms' selects read (`r.lookup`), loaded when the screen opens. */
  readonly lookups?: Readonly<Record<string, LookupDecl>>;
  /** Nodes read in one page; the list call must allow it. Default PAGE_SIZE_MAX (200). */
  readonly pageSize?: number;
}

/** The parent field becomes a picker over the tree's own nodes. */
function withParentPicker<Row>(
  form: FormDecl<CallDef, Row> | undefined,
  parent: string,
): FormDecl<CallDef, Row> | undefined {
  if (!form) return form;
  // No fields listed: every request field but `id`, as the list engine's forms do.
  const listed = form.fields ?? fieldsOf(form.schema ?? form.call.request, ['id']).map((f) => f.name);
  const fields = listed.map((f): FormField<CallDef> => {
    const o = (typeof f === 'string' ? { name: f } : f) as FieldOverride;
    return o.name === parent ? { ...o, lookup: TREE_PARENT_LOOKUP, required: true } : f;
  });
  return { ...form, fields };
}

/** Declare a tree screen; forms and remove are built with the list engine's builder (`r.form`, `r.remove`). */
export function defineTree<L extends ListCall>(
  list: L,
  declare: (r: ResourceBuilder<L>) => TreeInput<RowOf<L>>,
): TreeDecl<RowOf<L>> {
  type Row = RowOf<L>;
  let input: TreeInput<Row> | undefined;
  const resource = defineResource(list, (r) => {
    input = declare(r);
    const create = withParentPicker(input.create, input.parent);
    return {
      name: input.name,
      title: input.label,
      description: input.description,
      columns: [],
      pageSize: input.pageSize ?? PAGE_SIZE_MAX,
      // Adding on a node starts under it; at the top level under 0.
      create: create && {
        ...create,
        initial: (node: Row | undefined) => ({
          [input!.parent]: node ? (node as { id: number }).id : 0,
          ...create.initial?.(node),
        }),
      },
      update: withParentPicker(input.update, input.parent),
      remove: input.remove,
      lookups: input.lookups,
    } as Omit<ResourceDecl<Row>, 'list'> as never;
  });
  const i = input!;
  const num = (row: Row, f: string) => Number((row as Record<string, unknown>)[f] ?? 0);
  return {
    resource,
    parent: i.parent,
    titleOf: (row, language) => {
      const title = i.title;
      return typeof title === 'function' ? title(row, language) : String((row as Record<string, unknown>)[title] ?? '');
    },
    titleKeyOf: i.titleKey ? (row) => String((row as Record<string, unknown>)[i.titleKey!] ?? '') : undefined,
    parentOf: (row) => num(row, i.parent),
    sortOf: (row) => num(row, i.sort),
    hidden: i.hidden,
  };
}
