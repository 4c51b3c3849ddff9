import { domainInquire, HoldFlag, pushSettingsInquire, pushSettingsUpdate, ShieldStatus, shieldPushRecordsInquire } from '../../../../contracts/index.ts';
import { CodesLeft } from '../../../components/codes-left.tsx';
import { ResourceList } from '../../../resources/components/resource-list.tsx';
import { defineResource } from '../../../resources/define.ts';
import { defineSettings } from '../../../resources/settings/define-settings.ts';
import { SettingsScreen } from '../../../resources/settings/settings-screen.tsx';
import { SHIELD_LABELS } from '../shield-parts.tsx';

/** The pushes sent about blocks; its lookup (the caller's held domains) feeds the spare-domain select above. */
const pushRecords = defineResource(shieldPushRecordsInquire, (r) => ({
  name: 'shield_push_records',
  labels: SHIELD_LABELS,
  title: 'resources.shield.push_records',
  columns: [
    { field: 'create_time', kind: 'date' },
    { field: 'domain', kind: 'text' },
    { field: 'status', kind: 'enum', enum: ShieldStatus, intentOf: (c) => (c === ShieldStatus.values.blocked ? 'danger' : c === ShieldStatus.values.normal ? 'success' : 'warning') },
    { field: 'spare_domain', kind: 'text' },
    { field: 'moved', kind: 'number' },
    {
      kind: 'custom',
      id: 'codes_left',
      priority: 1,
      render: (row) => (row.codes_left > 0 ? <CodesLeft count={row.codes_left} displayType={row.display_type} /> : row.codes_left),
      text: (row) => String(row.codes_left),
    },
    { field: 'channels', kind: 'word', labels: 'resources.shield_push.fields' },
  ],
  filters: ['domain'],
  lookups: {
    held: r.lookup(domainInquire, {
      body: { page: 1, page_size: 200, hold: HoldFlag.values.yes },
      // Only held domains not blocked themselves can stand in for a blocked one.
      options: (a) => a.content.filter((d) => d.shield_status !== ShieldStatus.values.blocked).map((d) => ({ value: d.id, label: d.domain })),
    }),
  },
}));

const pushSettings = defineSettings({
  name: 'shield_push',
  inquire: pushSettingsInquire,
  update: pushSettingsUpdate,
  description: 'resources.shield_push.description',
  lookupsFrom: pushRecords,
  fields: [
    { name: 'spare_domain_id', lookup: 'held', helper: 'resources.shield_push.hints.spare_domain_id' },
    { name: 'site_message', kind: 'switch' },
    { name: 'realtime', kind: 'switch' },
    { name: 'telegram', kind: 'switch', helper: 'resources.shield_push.hints.telegram' },
  ],
  maxWidth: 960,
});

/** /customer/shield_push: who is told about a block and how, the spare domain codes move to, and what was sent. */
export default function ShieldPushScreen() {
  return <SettingsScreen decl={pushSettings} below={<ResourceList decl={pushRecords} />} />;
}
