import { ShowStatus, vipComboAdd, vipComboInquire, vipComboRemove, vipComboUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { moneyField } from '../../../resources/money-field.ts';

const fields = ['name', moneyField('price_micro'), 'days', 'domain_quota', 'description', { name: 'show_status', kind: 'switch' }, 'sort'] as const;

/** /customer/vip_combo: the VIP combos on sale (administrators). */
export const vipComboResource = defineResource(vipComboInquire, (r) => ({
  name: 'vip_combo',
  description: 'resources.vip_combo.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text' },
    { field: 'price_micro', kind: 'money' },
    { field: 'days', kind: 'number' },
    { field: 'domain_quota', kind: 'number' },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'sort', kind: 'number' },
    { field: 'description', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name', 'show_status'],
  create: r.form(vipComboAdd, { button: 'add', fields }),
  update: r.form(vipComboUpdate, { button: 'update', fields }),
  remove: r.remove(vipComboRemove),
}));

export default resourceScreen(vipComboResource);
