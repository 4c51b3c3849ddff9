import {
  mallBrandList, mallCategoryList, mallProductAdd, mallProductList, mallProductRemove, mallProductUpdate, MONEY_MAX_MICRO, ShowStatus,
  type MallProduct,
} from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { moneyField, moneyText } from '../../../resources/money-field.ts';
import { buildTree, parentChoices } from '../../../resources/tree/tree-model.ts';
import type { FieldOverride } from '../../../resources/types.ts';
import { CategoryTitle } from '../category-title.tsx';
import { Thumb } from '../thumb.tsx';
import { categoryTitle } from './mall-category-list-screen.tsx';

/** Attributes as an editable list: one `name: value` a line (the first colon splits). */
const attributesField: FieldOverride = {
  name: 'attributes',
  kind: 'lines',
  helper: 'resources.mall_product_list.attributes_hint',
  parse: (text) =>
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const at = l.indexOf(':');
        return at < 0 ? { name: l, value: '' } : { name: l.slice(0, at).trim(), value: l.slice(at + 1).trim() };
      }),
  format: (v) => (v as MallProduct['attributes']).map((a) => `${a.name}: ${a.value}`).join('\n'),
};

const FIELDS = [
  'title',
  'source',
  { name: 'category_id', lookup: 'categories' },
  { name: 'brand_id', lookup: 'brands', required: false },
  moneyField('price_micro', { limits: () => ({ zero: true, max: MONEY_MAX_MICRO }) }),
  moneyField('lowest_price_micro', { limits: () => ({ zero: true, max: MONEY_MAX_MICRO }) }),
  'stock',
  'cover_images',
  'detail_images',
  'models',
  attributesField,
  'home_recommend',
  'ranking_recommend',
  { name: 'show_status', kind: 'switch' },
] as const;

/** /customer/mall_product_list: the mall's products (admin); images upload through `file/add` with previews. */
export const mallProductResource = defineResource(mallProductList, (r) => ({
  name: 'mall_product_list',
  description: 'resources.mall_product_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { kind: 'custom', id: 'cover', render: (row) => <Thumb url={row.cover_images[0]} alt={row.title} />, text: (row) => row.cover_images.join(' ') },
    { field: 'title', kind: 'text' },
    { kind: 'custom', id: 'category_title', render: (row) => <CategoryTitle row={row} />, text: (row) => row.category_title },
    { field: 'brand_name', kind: 'text' },
    { kind: 'custom', id: 'price', render: (row) => moneyText(row.price_micro), text: (row) => moneyText(row.price_micro) },
    { kind: 'custom', id: 'lowest_price', render: (row) => moneyText(row.lowest_price_micro), text: (row) => moneyText(row.lowest_price_micro), hiddenByDefault: true },
    { field: 'stock', kind: 'number' },
    { field: 'purchase_count', kind: 'number' },
    { kind: 'custom', id: 'home_recommend', render: (row) => (row.home_recommend ? '✓' : ''), text: (row) => (row.home_recommend ? '1' : '0') },
    { kind: 'custom', id: 'ranking_recommend', render: (row) => (row.ranking_recommend ? '✓' : ''), text: (row) => (row.ranking_recommend ? '1' : '0'), hiddenByDefault: true },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'source', kind: 'text', hiddenByDefault: true },
    // Hidden by default so the row's actions fit a 1360 px screen; the column chooser shows them.
    { field: 'create_time', kind: 'date', hiddenByDefault: true },
  ],
  filters: ['title', { field: 'category_id', lookup: 'categories' }, { field: 'brand_id', lookup: 'brands' }, 'home_recommend', 'ranking_recommend', 'show_status'],
  lookups: {
    // The category tree, indented, so a filter on a parent reads as "this and everything under it".
    categories: r.lookup(mallCategoryList, {
      options: (a, { language }) =>
        parentChoices(buildTree(a.content, { parentOf: (c) => c.parent_id, sortOf: (c) => c.sort }), (c) => categoryTitle(c, language)).slice(1),
    }),
    brands: r.lookup(mallBrandList, { first: { value: 0, labelKey: 'resources.mall_product_list.no_brand' } }),
  },
  create: r.form(mallProductAdd, { button: 'add', fields: FIELDS }),
  update: r.form(mallProductUpdate, { button: 'update', fields: FIELDS }),
  remove: r.remove(mallProductRemove),
  export: {},
}));

export default resourceScreen(mallProductResource);
