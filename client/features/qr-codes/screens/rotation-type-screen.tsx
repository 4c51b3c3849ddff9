import { RotationType, rotationTypeAdd, rotationTypeInquire, rotationTypeRemove, rotationTypeUpdate, ShowStatus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/rotation_type: administrator-kept labels of the rotation types offered in the QR code forms. */
export const rotationTypeResource = defineResource(rotationTypeInquire, (r) => ({
  name: 'rotation_type',
  description: 'resources.rotation_type.description',
  columns: [
    { field: 'name', kind: 'text', builtIn: 'rotation_type' },
    { field: 'rotation_type', kind: 'enum', enum: RotationType },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'sort', kind: 'number' },
    { field: 'remark', kind: 'text', builtIn: 'rotation_type_remark' },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['rotation_type', 'show_status'],
  create: r.form(rotationTypeAdd, { button: 'add', fields: ['name', 'rotation_type', { name: 'show_status', kind: 'switch' }, 'sort', 'remark'] }),
  update: r.form(rotationTypeUpdate, { button: 'update', fields: ['name', 'rotation_type', { name: 'show_status', kind: 'switch' }, 'sort', 'remark'] }),
  remove: r.remove(rotationTypeRemove),
}));

export default resourceScreen(rotationTypeResource);
