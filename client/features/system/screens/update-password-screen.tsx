import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordForm } from '../../../../contracts/index.ts';
import { ScreenFrame } from '../../../components/screen-frame.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../components/use-form.ts';
import { useServerError } from '../../../components/use-server-error.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { useCoreDispatch, useCoreSelector } from '../../../state/hooks.ts';
import { sessionEvents } from '../../../state/session-slice.ts';

type Field = 'old_password' | 'new_password' | 'repeat_password';
const FIELDS: readonly Field[] = ['old_password', 'new_password', 'repeat_password'];

/** /customer/update_password. On success the server ends every session: the saga returns to login. */
export default function UpdatePasswordScreen() {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const say = useUserMessage();
  const status = useCoreSelector((s) => s.session.passwordChange);
  const form = useForm(changePasswordForm, { old_password: '', new_password: '', repeat_password: '' });
  // The server's refusal sits under the input it names (the old password) until that input changes.
  const server = useServerError(status.status === 'failed' ? status.error : undefined, FIELDS);
  const err = (f: Field) => say(server.under(f)) ?? (form.errors[f] ? t(form.errors[f]) : undefined);
  const set = (f: Field, v: string) => {
    form.set(f, v);
    server.changed(f);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const v = form.submit();
    if (v) dispatch(sessionEvents.passwordChangeSubmitted({ old_password: v.old_password, new_password: v.new_password }));
  };

  return (
    <ScreenFrame title={t('auth.update_password.title')} description={t('auth.update_password.description')} maxWidth={560}>
      <Card elevation={1}>
        <form onSubmit={onSubmit} noValidate>
          <TextField label={t('auth.fields.old_password')} type="password" value={form.values.old_password} onChange={(v) => set('old_password', v)} error={err('old_password')} autoComplete="current-password" />
          <TextField label={t('auth.fields.new_password')} type="password" value={form.values.new_password} onChange={(v) => set('new_password', v)} error={err('new_password')} autoComplete="new-password" />
          <TextField label={t('auth.fields.repeat_new_password')} type="password" value={form.values.repeat_password} onChange={(v) => set('repeat_password', v)} error={err('repeat_password')} autoComplete="new-password" />
          {server.top && (
            <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }}>
              {say(server.top)}
            </Callout>
          )}
          <Button type="submit" intent={Intent.PRIMARY} loading={status.status === 'loading'} text={t('auth.update_password.submit')} />
        </form>
      </Card>
    </ScreenFrame>
  );
}
