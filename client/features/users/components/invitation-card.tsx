import { Button, Card, FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toaster.ts';
import { copyText } from '../../../resources/effects/clipboard.ts';
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
  const copy = async (text: string) => {
    const ok = await copyText(text);
    showToast(t(ok ? 'resources.payment.copied' : 'resources.payment.copy_failed'), ok ? Intent.SUCCESS : Intent.WARNING);
  };
  return (
    <Card aria-labelledby="invitation-card-title">
      <H5 id="invitation-card-title">{t('resources.personal_center.invitation')}</H5>
      <p>{t('resources.personal_center.invitation_lead')}</p>
      <FormGroup label={t('resources.personal_center.invitation_code')} labelFor="invitation-code">
        <InputGroup
          id="invitation-code"
          readOnly
          value={code}
          rightElement={<Button variant="minimal" icon="duplicate" aria-label={t('resources.personal_center.copy_code')} onClick={() => void copy(code)} />}
        />
      </FormGroup>
      <FormGroup label={t('resources.personal_center.invitation_link')} labelFor="invitation-link">
        <InputGroup
          id="invitation-link"
          readOnly
          value={link}
          rightElement={<Button variant="minimal" icon="duplicate" aria-label={t('resources.personal_center.copy_link')} onClick={() => void copy(link)} />}
        />
      </FormGroup>
      <QrImage text={link} size={160} label={t('resources.personal_center.invitation_qr')} />
    </Card>
  );
}
