import { Button, Callout, Card, Classes, FormGroup, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo, totpBind, totpGenerate, totpUnbind, type UserInfo } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { defineRecord } from '../../../resources/record/define-record.ts';
import { useRecord } from '../../../resources/record/use-record.ts';
import { QrImage } from '../../../components/qr/qr-image.tsx';

const L = 'resources.personal_center';

/** A fresh secret (read when the card opens) saved by a bind with a code. */
const binding = defineRecord({ name: 'personal_totp_bind', read: totpGenerate, save: totpBind });
/** Unbinding needs a current code; the read is the caller's own info. */
const unbinding = defineRecord({ name: 'personal_totp_unbind', read: getUserInfo, save: totpUnbind });

/** Two-factor login on or off; the QR code of the otpauth URI is drawn here, never by an outside service. */
export function TwoFactorCard({ info, onChanged }: { info: UserInfo; onChanged(): void }) {
  return info.totp_enabled ? <Unbind onChanged={onChanged} /> : <Bind onChanged={onChanged} />;
}

function CodeForm({ label, busy, error, onSubmit }: { label: string; busy: boolean; error?: string; onSubmit(code: string): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(code.trim());
      }}
    >
      <FormGroup label={t(`${L}.code`)} labelFor="totp-code" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <InputGroup id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onValueChange={setCode} />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} loading={busy} text={label} />
    </form>
  );
}

function useSavedOnce(status: string, onChanged: () => void) {
  const [was, setWas] = useState(status);
  useEffect(() => {
    if (was === 'loading' && status === 'succeeded') onChanged();
    setWas(status);
  }, [status, was, onChanged]);
}

function Bind({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const r = useRecord(binding);
  useSavedOnce(r.state.save.status, onChanged);
  const fresh = r.data as { secret?: string; uri?: string } | undefined;
  const error = r.state.save.status === 'failed' ? say(r.state.save.error) : undefined;
  return (
    <Card>
      <H5>
        {t(`${L}.two_factor`)} <Tag minimal>{t(`${L}.off`)}</Tag>
      </H5>
      <p>{t(`${L}.scan`)}</p>
      {fresh?.uri && fresh.secret && (
        <>
          <QrImage text={fresh.uri} size={168} label={t(`${L}.qr_label`)} />
          <p>
            {t(`${L}.secret`)}: <code className={Classes.MONOSPACE_TEXT} data-testid="totp-secret">{fresh.secret}</code>
          </p>
          <CodeForm label={t(`${L}.bind`)} busy={r.state.save.status === 'loading'} error={error} onSubmit={(code) => r.save({ secret: fresh.secret, code })} />
        </>
      )}
    </Card>
  );
}

function Unbind({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const r = useRecord(unbinding);
  useSavedOnce(r.state.save.status, onChanged);
  const error = r.state.save.status === 'failed' ? say(r.state.save.error) : undefined;
  return (
    <Card>
      <H5>
        {t(`${L}.two_factor`)} <Tag intent={Intent.SUCCESS}>{t(`${L}.on`)}</Tag>
      </H5>
      <Callout>{t(`${L}.unbind_hint`)}</Callout>
      <CodeForm label={t(`${L}.unbind`)} busy={r.state.save.status === 'loading'} error={error} onSubmit={(code) => r.save({ code })} />
    </Card>
  );
}
