import {
  DefaultLanguage,
  languageListInquire,
  mallCategoryAdd,
  mallCategoryList,
  mallCategoryRemove,
  mallCategoryUpdate,
  ShowStatus,
  type MallCategory,
} from '../../../../contracts/index.ts';
import { inLanguage, translationsField } from '../../../resources/translations-field.ts';
import { defineTree } from '../../../resources/tree/define-tree.ts';
import { treeScreen } from '../../../resources/tree/tree-screen.tsx';

const FIELDS = [
  translationsField('titles', 'languages', { helper: 'resources.mall_category_list.titles_hint' }),
  'parent_id',
  { name: 'show_status', kind: 'switch' },
  'sort',
  'icon',
] as const;

/** A category's title in the console language, else the default language's (what the server answers as `title`). */
export const categoryTitle = (row: MallCategory, language: string): string => inLanguage(row.titles, language, row.title);

/** /customer/mall_category_list: the mall's category tree (admin), a title per language of the language list. */
export const mallCategoryTree = defineTree(mallCategoryList, (r) => ({
  name: 'mall_category_list',
  description: 'resources.mall_category_list.description',
  title: categoryTitle,
  parent: 'parent_id',
  sort: 'sort',
  hidden: (row) => row.show_status === ShowStatus.values.hide,
  create: r.form(mallCategoryAdd, { button: 'add', fields: FIELDS }),
  update: r.form(mallCategoryUpdate, { button: 'update', fields: FIELDS }),
  // Every language, shown or not (a hidden language's titles are still edited here); the default one first, required.
  lookups: {
    languages: r.lookup(languageListInquire, {
      options: (a) =>
        [...a.content]
          .sort((x, y) => y.default_language - x.default_language || x.id - y.id)
          .map((l) => ({ value: l.code, label: l.title, required: l.default_language === DefaultLanguage.values.yes })),
    }),
  },
  remove: r.remove(mallCategoryRemove),
}));

export default treeScreen(mallCategoryTree);
