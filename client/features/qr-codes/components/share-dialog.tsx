import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { QrCode } from '../../../../contracts/index.ts';
import { CopyField } from '../../../components/copy-field.tsx';
import type { ActionDialogProps } from '../../../resources/types.ts';

/** Links to the public pages of a QR code: share statistics and the visitor-IP lookup. */
export function shareLinks(origin: string, row: Pick<QrCode, 'file_name' | 'password'>) {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    share: `${origin}/#/share_access?${q({ name: row.file_name, password: row.password })}`,
    accessLog: `${origin}/#/access_log?${q({ file_name: row.file_name, key: row.password })}`,
  };
}

export function ShareDialog({ rows, isOpen, onClose }: ActionDialogProps<QrCode>) {
  const { t } = useTranslation();
  const row = rows[0];
  if (!row) return null;
  const links = shareLinks(window.location.origin, row);
  const link = (id: string, label: string, href: string) => (
    <CopyField
      id={id}
      label={label}
      value={href}
      copyLabel={`${t('qr_codes.copy')}: ${label}`}
      extra={<Button variant="minimal" icon="share" aria-label={`${t('qr_codes.open')}: ${label}`} onClick={() => window.open(href, '_blank', 'noopener')} />}
    />
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('qr_codes.share_title', { name: row.name })} icon="share">
      <DialogBody>
        {row.password ? (
          <>
            {link('share-link', t('qr_codes.share_link'), links.share)}
            {link('access-log-link', t('qr_codes.access_log_link'), links.accessLog)}
          </>
        ) : (
          <Callout intent={Intent.WARNING} icon="lock">
            {t('qr_codes.sharing_off')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('common.actions.close')} onClick={onClose} />} />
    </Dialog>
  );
}
