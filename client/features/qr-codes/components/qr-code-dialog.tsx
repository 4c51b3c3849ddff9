import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visitUrl, type QrCode } from '../../../../contracts/index.ts';
import { showToast } from '../../../components/toaster.ts';
import { CopyField } from '../../../components/copy-field.tsx';
import { downloadDataUrl, downloadText } from '../../../resources/effects/download.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';
import { QrImage } from '../../../components/qr/qr-image.tsx';
import { qrPngDataUrl, qrSvg } from '../../../components/qr/qr-matrix.ts';
import styles from './qr-codes.module.css';

type Target = 'domain' | 'local';

/** The URL a QR image encodes: the code's domain (production) or this server (local demos), with the scan marker. */
export function qrTargetUrl(row: Pick<QrCode, 'domain' | 'file_name'>, target: Target, localOrigin: string): string {
  return target === 'domain' && row.domain ? visitUrl(`http://${row.domain}`, row.file_name, { scan: true }) : visitUrl(localOrigin, row.file_name, { scan: true });
}

/** QR code preview with PNG / SVG download and the visit links. */
export function QrCodeDialog({ rows, isOpen, onClose }: ActionDialogProps<QrCode>) {
  const { t } = useTranslation();
  const row = rows[0];
  const [target, setTarget] = useState<Target>(row?.domain ? 'domain' : 'local');
  if (!row) return null;
  const origin = window.location.origin;
  const url = qrTargetUrl(row, target, origin);
  const base = `qr-${row.file_name}`;

  // §8 'Conversion failed': the image could not be drawn (no canvas, text too long for a QR code).
  const convert = (run: () => void) => {
    try {
      run();
    } catch {
      showToast(t('qr_codes.conversion_failed'), Intent.DANGER);
    }
  };


  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('qr_codes.qr_title', { name: row.name })} icon="barcode" className={styles.qrDialog}>
      <DialogBody>
        <div className={styles.qrLayout}>
          <div className={styles.qrFrame}>
            <QrImage text={url} size={232} label={t('qr_codes.qr_image', { name: row.name })} />
          </div>
          <div className={styles.qrInfo}>
            <SegmentedControl
              size="small"
              value={target}
              onValueChange={(v) => setTarget(v as Target)}
              options={[
                { value: 'domain', label: t('qr_codes.target_domain'), disabled: !row.domain },
                { value: 'local', label: t('qr_codes.target_local') },
              ]}
            />
            <p className={Classes.TEXT_MUTED}>{t(target === 'domain' ? 'qr_codes.target_domain_help' : 'qr_codes.target_local_help')}</p>
            <CopyField id="qr-encoded-url" label={t('qr_codes.encoded_url')} value={url} copyLabel={t('qr_codes.copy')} />
            <FormGroup label={t('qr_codes.open_link')}>
              <a href={visitUrl(origin, row.file_name)} target="_blank" rel="noopener noreferrer">
                {visitUrl(origin, row.file_name)}
              </a>
            </FormGroup>
          </div>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="media" text={t('qr_codes.download_png')} onClick={() => convert(() => downloadDataUrl(`${base}.png`, qrPngDataUrl(url)))} />
            <Button icon="code" text={t('qr_codes.download_svg')} onClick={() => convert(() => downloadText(`${base}.svg`, qrSvg(url), 'image/svg+xml'))} />
            <Button intent={Intent.PRIMARY} text={t('common.actions.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
