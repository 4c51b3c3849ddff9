import { mallBrandAdd, mallBrandList, mallBrandRemove, mallBrandUpdate, ShowStatus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { Thumb } from '../thumb.tsx';

const FIELDS = ['name', 'logo', 'sort', { name: 'show_status', kind: 'switch' }] as const;

/** /customer/mall_brand_list: the mall's brands (admin); the logo field uploads through `file/add`. */
export const mallBrandResource = defineResource(mallBrandList, (r) => ({
  name: 'mall_brand_list',
  description: 'resources.mall_brand_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { kind: 'custom', id: 'logo', render: (row) => <Thumb url={row.logo} alt={row.name} />, text: (row) => row.logo },
    { field: 'name', kind: 'text' },
    { field: 'sort', kind: 'number' },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name', 'show_status'],
  create: r.form(mallBrandAdd, { button: 'add', fields: FIELDS }),
  update: r.form(mallBrandUpdate, { button: 'update', fields: FIELDS }),
  remove: r.remove(mallBrandRemove),
  export: {},
}));

export default resourceScreen(mallBrandResource);
