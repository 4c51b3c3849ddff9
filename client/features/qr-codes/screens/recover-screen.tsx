import { useTranslation } from 'react-i18next';
import { qrCodeAccessClearedInquire, qrCodeAccessClearRecord, qrCodeAccessRestore } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { codesOf } from '../qr-code-actions.tsx';

type Cleared = { file_name: string; record_count: number };
/** How many records the chosen cleared batches hold, and whose (the question names both). */
const about = (id: string) => ({
  text: `resources.recover.confirm.${id}`,
  vars: (rows: Cleared[]) => ({ count: rows.reduce((n, x) => n + x.record_count, 0), codes: codesOf(rows) }),
});
const wholeLog = (v: string | null, t: (k: string) => string) => v ?? t('resources.recover.whole_log');

/** /customer/recover: cleared slices of access logs, put back with `restore` or deleted for good (§8 confirmation). */
export const recoverResource = defineResource(qrCodeAccessClearedInquire, (r) => ({
  name: 'recover',
  description: 'resources.recover.description',
  columns: [
    { field: 'file_name', kind: 'text' },
    { field: 'account', kind: 'text', hiddenByDefault: true },
    { field: 'record_count', kind: 'number' },
    // A log cleared whole has no bounds: say so instead of "—".
    { kind: 'custom', id: 'start_time', render: (row) => <WholeLog value={row.start_time} />, text: (row) => row.start_time ?? '' },
    { kind: 'custom', id: 'end_time', render: (row) => <WholeLog value={row.end_time} />, text: (row) => row.end_time ?? '' },
    { field: 'clear_time', kind: 'date' },
  ],
  filters: ['file_name'],
  actions: [
    r.action(qrCodeAccessRestore, {
      id: 'restore',
      scope: 'both',
      button: 'restore',
      label: 'resources.recover.restore',
      icon: 'undo',
      intent: 'primary',
      confirm: { ...about('restore'), undoable: true },
      body: (rows) => ({ ids: rows.map((x) => x.id) }),
    }),
  ],
  empty: 'resources.recover.empty',
  remove: r.remove(qrCodeAccessClearRecord, { confirm: about('remove') }),
}));

function WholeLog({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return <>{wholeLog(value, t)}</>;
}

export default resourceScreen(recoverResource);
