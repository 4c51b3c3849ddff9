import { domainInquire, forwardAdd, forwardInquire, forwardRemove, forwardUpdate, JumpType, ShowStatus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/forward: forwarding rules — visits to a domain go on to a target URL with a jump type. */
export const forwardResource = defineResource(forwardInquire, (r) => ({
  name: 'forward',
  description: 'resources.forward.description',
  columns: [
    { field: 'domain', kind: 'text' },
    { field: 'target_url', kind: 'link', href: (row) => row.target_url },
    { field: 'jump_type', kind: 'enum', enum: JumpType },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'account', kind: 'text', hiddenByDefault: true },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['domain', 'show_status'],
  lookups: {
    domains: r.lookup(domainInquire, { label: 'domain' }),
  },
  create: r.form(forwardAdd, {
    button: 'add',
    fields: [{ name: 'domain_id', lookup: 'domains' }, 'target_url', 'jump_type', { name: 'show_status', kind: 'switch' }, 'remark'],
  }),
  update: r.form(forwardUpdate, { button: 'update', fields: ['target_url', 'jump_type', { name: 'show_status', kind: 'switch' }, 'remark'] }),
  remove: r.remove(forwardRemove),
}));

export default resourceScreen(forwardResource);
