import { Button, Card, H5, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrCodeInquire, visitUrl, type QrCode } from '../../../../contracts/index.ts';
import { ResourceForm } from '../../../resources/components/resource-form.tsx';
import { ResourceList } from '../../../resources/components/resource-list.tsx';
import { ScreenFrame } from '../../../components/screen-frame.tsx';
import { defineResource } from '../../../resources/define.ts';
import { downloadDataUrl, downloadText } from '../../../resources/effects/download.ts';
import { useGrants, useResource } from '../../../resources/use-resource.ts';
import { qrTargetUrl } from '../components/qr-code-dialog.tsx';
import { QrImage } from '../../../components/qr/qr-image.tsx';
import { qrPngDataUrl, qrSvg } from '../../../components/qr/qr-matrix.ts';
import styles from '../components/qr-codes.module.css';
import { QR_LABELS, qrColumns, qrDetails, qrCreateForm, qrLookups, qrUpdateForm } from '../qr-code-parts.tsx';
import { qrViewActions } from '../qr-code-actions.tsx';

/** /customer/set_qr_code: make a QR code on one page — the form, the new code's image, the latest codes. */
export const setQrCodeResource = defineResource(qrCodeInquire, (r) => ({
  name: 'set_qr_code',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.set_qr_code`,
  columns: qrColumns().filter((c) => c.kind !== 'custom' || c.id === 'qr' || c.id === 'file_name'),
  lookups: qrLookups(r),
  create: qrCreateForm(r),
  update: qrUpdateForm(r),
  details: qrDetails,
  actions: qrViewActions(),
  pageSize: 10,
}));

function CreatedCard({ row }: { row: QrCode }) {
  const { t } = useTranslation();
  const url = qrTargetUrl(row, row.domain ? 'domain' : 'local', window.location.origin);
  const local = visitUrl(window.location.origin, row.file_name);
  return (
    <Card elevation={1} aria-label={t(`${QR_LABELS}.created.title`)}>
      <H5>{t(`${QR_LABELS}.created.title`)}</H5>
      <div className={styles.qrLayout}>
        <div className={styles.qrFrame}>
          <QrImage text={url} size={168} label={t('qr_codes.qr_image', { name: row.name })} />
        </div>
        <div className={styles.qrInfo}>
          <strong>{row.name}</strong>
          <span className={styles.code}>{url}</span>
          <a href={local} target="_blank" rel="noopener noreferrer">
            {local}
          </a>
          <div>
            <Button icon="media" text={t('qr_codes.download_png')} onClick={() => downloadDataUrl(`qr-${row.file_name}.png`, qrPngDataUrl(url))} />{' '}
            <Button icon="code" text={t('qr_codes.download_svg')} onClick={() => downloadText(`qr-${row.file_name}.svg`, qrSvg(url), 'image/svg+xml')} />
          </div>
        </div>
      </div>
    </Card>
  );
}

export default function SetQrCodeScreen() {
  const { t } = useTranslation();
  const grants = useGrants();
  const r = useResource(setQrCodeResource);
  const [round, setRound] = useState(0);
  const [created, setCreated] = useState<QrCode | null>(null);
  const { save, lastSaved } = r.state;

  // A successful save shows the new code and starts a fresh form.
  useEffect(() => {
    if (save.status === 'succeeded' && lastSaved) {
      setCreated(lastSaved as QrCode);
      setRound((n) => n + 1);
      r.resetSave();
    }
  }, [save.status, lastSaved, r]);

  const canAdd = grants(setQrCodeResource.create?.button);
  return (
    <ScreenFrame title={t('menu.set_qr_code')} description={t(`${QR_LABELS}.descriptions.set_qr_code`)}>
      <div className={styles.splitScreen}>
        {canAdd ? (
          <ResourceForm
            key={round}
            inline
            resource="set_qr_code"
            labels={QR_LABELS}
            title={t(`${QR_LABELS}.created.form`)}
            form={setQrCodeResource.create!}
            mode="create"
            save={save}
            lookups={setQrCodeResource.lookups}
            lookupState={r.state.lookups}
            onSubmit={(body) => r.save('create', body)}
            onClose={() => undefined}
          />
        ) : (
          <NonIdealState icon="lock" title={t(`${QR_LABELS}.created.no_permission`)} />
        )}
        <div>
          {created ? (
            <CreatedCard row={created} />
          ) : (
            <Card elevation={0}>
              <NonIdealState icon="barcode" title={t(`${QR_LABELS}.created.empty`)} />
            </Card>
          )}
        </div>
      </div>
      <H5 style={{ marginTop: 24 }}>{t(`${QR_LABELS}.created.latest`)}</H5>
      <ResourceList decl={setQrCodeResource} hideCreate inUrl />
    </ScreenFrame>
  );
}
