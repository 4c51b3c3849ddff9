import { Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { useCoreSelector } from '../../../state/hooks.ts';
import { selectUserInfo } from '../../../state/selectors.ts';
import { QrImage } from '../../../components/qr/qr-image.tsx';

/** The public registration page with an agent's code: whoever registers through it gets the agent as superior. */
export function registrationLink(code: string, base: string): string {
  return `${base}#/admin_register?code=${encodeURIComponent(code)}`;
}

/** An agent's invitation code and registration link, each with copy, and the link's QR code (drawn here). */
export function InvitationCard() {
  const { t } = useTranslation();
  const user = useCoreSelector(selectUserInfo);
  if (!user || user.role_kind !== 'agent' || !user.invitation_code) return null;
  const code = user.invitation_code;
  // The console's own address without its route: the link opens the same site, whatever path it is served on.
  const link = registrationLink(code, `${window.location.origin}${window.location.pathname}`);
  return (
    <Card aria-labelledby="invitation-card-title">
      <H5 id="invitation-card-title">{t('resources.personal_center.invitation')}</H5>
      <p>{t('resources.personal_center.invitation_lead')}</p>
      <CopyField id="invitation-code" label={t('resources.personal_center.invitation_code')} value={code} copyLabel={t('resources.personal_center.copy_code')} />
      <CopyField id="invitation-link" label={t('resources.personal_center.invitation_link')} value={link} copyLabel={t('resources.personal_center.copy_link')} />
      <QrImage text={link} size={160} label={t('resources.personal_center.invitation_qr')} />
    </Card>
  );
}
