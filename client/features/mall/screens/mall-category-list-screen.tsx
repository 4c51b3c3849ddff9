import {
  languageListInquire,
  mallCategoryAdd,
  mallCategoryList,
  mallCategoryRemove,
  mallCategoryUpdate,
  ShowStatus,
} from '../../../../contracts/index.ts';
import { defineTree } from '../../../resources/tree/define-tree.ts';
import { treeScreen } from '../../../resources/tree/tree-screen.tsx';

const FIELDS = [
  'title',
  'parent_id',
  { name: 'show_status', kind: 'switch' },
  'sort',
  'icon',
  { name: 'language', lookup: 'languages' },
] as const;

/** /customer/mall_category_list: the mall's category tree (admin). */
export const mallCategoryTree = defineTree(mallCategoryList, (r) => ({
  name: 'mall_category_list',
  description: 'resources.mall_category_list.description',
  title: 'title',
  parent: 'parent_id',
  sort: 'sort',
  hidden: (row) => row.show_status === ShowStatus.values.hide,
  create: r.form(mallCategoryAdd, { button: 'add', fields: FIELDS }),
  update: r.form(mallCategoryUpdate, { button: 'update', fields: FIELDS }),
  // Every language, shown or not: a hidden language's categories are still edited here.
  lookups: {
    languages: r.lookup(languageListInquire, {
      body: { page: 1, page_size: 200 },
      options: (a) => a.content.map((l) => ({ value: l.code, label: l.title })),
    }),
  },
  remove: r.remove(mallCategoryRemove, { button: 'remove', permanent: true, body: (ids) => ({ ids: ids.map(Number) }) }),
}));

export default treeScreen(mallCategoryTree);
