import { pictureTypeAdd, pictureTypeList, pictureTypeRemove, pictureTypeUpdate, ShowStatus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

const FIELDS = ['name', 'sort', { name: 'show_status', kind: 'switch' }] as const;

/** /customer/picture_type_list: the types pictures and picture-text items are grouped by (admin). */
export const pictureTypeResource = defineResource(pictureTypeList, (r) => ({
  name: 'picture_type_list',
  description: 'resources.picture_type_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text' },
    { field: 'sort', kind: 'number' },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name'],
  create: r.form(pictureTypeAdd, { button: 'add', fields: FIELDS }),
  update: r.form(pictureTypeUpdate, { button: 'update', fields: FIELDS }),
  remove: r.remove(pictureTypeRemove),
}));

export default resourceScreen(pictureTypeResource);
