import { CurrentFlag, qrCodeInquire, rotationAdd, rotationInquire, rotationRemove, RotationType, rotationUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/rotation: the target URLs (rotation children) of the caller's QR codes, in rotation order. */
export const rotationResource = defineResource(rotationInquire, (r) => ({
  name: 'rotation',
  description: 'resources.rotation.description',
  columns: [
    { field: 'file_name', kind: 'text' },
    { field: 'qr_code_name', kind: 'text' },
    { field: 'url', kind: 'link', href: (row) => row.url },
    { field: 'rotation_type', kind: 'enum', enum: RotationType },
    { field: 'current', kind: 'enum', enum: CurrentFlag, intentOf: (c) => (c === CurrentFlag.values.yes ? 'success' : 'none') },
    { field: 'visit_threshold', kind: 'number' },
    { field: 'remaining', kind: 'number' },
    { field: 'view_number', kind: 'number' },
    { field: 'sort', kind: 'number' },
    { field: 'create_time', kind: 'date', hiddenByDefault: true },
  ],
  filters: ['file_name', 'rotation_type', { field: 'qr_code_id', lookup: 'qr_codes' }],
  lookups: {
    qr_codes: r.lookup(qrCodeInquire, { label: (q) => `${q.name} (${q.file_name})` }),
  },
  create: r.form(rotationAdd, { button: 'add', fields: [{ name: 'qr_code_id', lookup: 'qr_codes' }, 'url', 'visit_threshold', 'sort'] }),
  update: r.form(rotationUpdate, { button: 'update' }),
  remove: r.remove(rotationRemove),
}));

export default resourceScreen(rotationResource);
