import { Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { qrCodeAccessExport, qrCodeAccessInquire, sourceParts, type QrCode } from '../../../contracts/index.ts';
import { ResourceList } from '../../resources/components/resource-list.tsx';
import { defineResource } from '../../resources/define.ts';
import type { ActionDialogProps } from '../../resources/types.ts';
import styles from './components/qr-codes.module.css';

/** Device info `model;OS;browser[;WeChat]` as tags, model codes named by the device-model lookup. */
export function SourceTags({ source }: { source: string }) {
  const parts = sourceParts(source);
  if (!parts.length) return <span>—</span>;
  return (
    <span className={styles.source}>
      {parts.map((p, i) => (
        <Tag key={i} minimal>
          {p}
        </Tag>
      ))}
    </span>
  );
}

/** The access log of one QR code (nested in the QR code lists), exported through the server's chunked export. */
export const accessRecordResource = defineResource(qrCodeAccessInquire, () => ({
  name: 'qr_code_access',
  title: 'resources.qr_code_access.title',
  columns: [
    { field: 'create_time', kind: 'date' },
    { field: 'ip', kind: 'text' },
    { field: 'ip_belong', kind: 'place' },
    { kind: 'custom', id: 'source', render: (row) => <SourceTags source={row.source} />, text: (row) => sourceParts(row.source).join('; ') },
    { field: 'domain', kind: 'text' },
    { field: 'user_agent', kind: 'text', hiddenByDefault: true },
  ],
  filters: ['ip', { range: ['start_time', 'end_time'], label: 'resources.qr_code_access.fields.time' }],
  export: { button: 'export', chunked: { call: qrCodeAccessExport, limit: 5000 } },
}));

export function AccessRecordsDialog({ rows, isOpen, onClose }: ActionDialogProps<QrCode>) {
  const { t } = useTranslation();
  const row = rows[0];
  if (!row) return null;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('qr_codes.records_title', { name: row.name, code: row.file_name })} icon="history" className={styles.recordsDialog}>
      <DialogBody>
        <ResourceList decl={accessRecordResource} fixed={{ qr_code_id: row.id }} />
      </DialogBody>
    </Dialog>
  );
}
