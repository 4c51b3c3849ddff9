import { Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DomainDisplayType, ShieldStatus, shieldDetectionInquire, shieldDetectionRun, shieldHistoryInquire, type ShieldCheck, type ShieldDomain, CHECKER_VERDICTS } from '../../../contracts/index.ts';
import { ResourceList } from '../../resources/components/resource-list.tsx';
import { defineResource } from '../../resources/define.ts';
import type { ActionDialogProps } from '../../resources/types.ts';

/** Field labels every shield screen shares: `resources.shield.fields.*`. */
export const SHIELD_LABELS = 'resources.shield';

const statusIntent = (c: number) => (c === ShieldStatus.values.normal ? 'success' : c === ShieldStatus.values.blocked ? 'danger' : 'warning');
/**
 * A check's message: the checker's verdict for its status in the user's language (`ok` → "正常"), or, when the
 * checker said something else, its own words.
 */
function CheckerMessage({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  const verdict = (CHECKER_VERDICTS as Record<number, string | undefined>)[status];
  return <>{message !== '' && message === verdict ? t(`${SHIELD_LABELS}.verdicts.${status}`) : message}</>;
}
const checkerMessage = <Row,>(id: string, status: (r: Row) => number, message: (r: Row) => string) =>
  ({ kind: 'custom', id, label: `${SHIELD_LABELS}.fields.${id}`, render: (r: Row) => <CheckerMessage status={status(r)} message={message(r)} />, text: message }) as const;

/** One domain's check history (newest first), nested in the detection monitors. */
export const shieldHistoryResource = defineResource(shieldHistoryInquire, () => ({
  name: 'shield_history',
  labels: SHIELD_LABELS,
  title: 'resources.shield.history_title',
  columns: [
    { field: 'check_time', kind: 'date' },
    { field: 'status', kind: 'enum', enum: ShieldStatus, intentOf: statusIntent },
    { field: 'attempt', kind: 'number' },
    checkerMessage<ShieldCheck>('message', (r) => r.status, (r) => r.message),
  ],
  filters: ['status'],
}));

function HistoryDialog({ rows, isOpen, onClose }: ActionDialogProps<ShieldDomain>) {
  const { t } = useTranslation();
  const row = rows[0];
  if (!row) return null;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('resources.shield.history_of', { domain: row.domain })} icon="history" style={{ width: 720 }}>
      <DialogBody>
        <ResourceList decl={shieldHistoryResource} fixed={{ domain_id: row.id }} />
      </DialogBody>
    </Dialog>
  );
}

/** A WeChat detection monitor: the customer's own (wx_shield_detection) or everybody's (monitor, admin). */
export function detectionResource(name: 'wx_shield_detection' | 'monitor', everyone: boolean) {
  return defineResource(shieldDetectionInquire, (r) => ({
    name,
    labels: SHIELD_LABELS,
    description: `${SHIELD_LABELS}.descriptions.${name}`,
    columns: [
      { field: 'domain', kind: 'text' },
      ...(everyone ? [{ field: 'account', kind: 'text' } as const] : []),
      { field: 'display_type', kind: 'enum', enum: DomainDisplayType, intentOf: () => 'primary' },
      { field: 'shield_status', kind: 'enum', enum: ShieldStatus, intentOf: statusIntent },
      { field: 'qr_code_count', kind: 'number' },
      { field: 'failures', kind: 'number', hiddenByDefault: !everyone },
      { field: 'last_check_time', kind: 'text' },
      checkerMessage<ShieldDomain>('last_message', (r) => r.shield_status, (r) => r.last_message),
    ],
    filters: ['domain', 'display_type', 'shield_status', ...(everyone ? (['account'] as const) : [])],
    actions: [
      r.action(shieldDetectionRun, {
        id: 'check_now',
        scope: 'row',
        label: `${SHIELD_LABELS}.actions.check_now`,
        icon: 'refresh',
        body: (rows) => ({ domain_id: rows[0]!.id }),
      }),
      { kind: 'dialog', id: 'history', scope: 'row', label: `${SHIELD_LABELS}.actions.history`, icon: 'history', dialog: HistoryDialog },
    ],
  }));
}
