import { Button, Callout, Intent } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/text-field.tsx';
import { useLazyForm } from '../../../components/use-lazy-form.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { useCoreDispatch, useCoreSelector } from '../../../state/hooks.ts';
import { selectAllowRegister, selectWebsiteInfo } from '../../../state/selectors.ts';
import { sessionEvents } from '../../../state/session-slice.ts';
import { AuthPage } from '../components/auth-page.tsx';

/** contracts' loginForm (§5 rules), fetched after the first paint: it brings zod (components/use-lazy-form.ts). */
const loadLoginForm = () => import('../../../../contracts/validation.ts').then((m) => m.loginForm);

/** /admin_login: account, password and the two-factor code (§2), §5 rules from contracts' loginForm. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const say = useUserMessage();
  const status = useCoreSelector((s) => s.session.login);
  const lastAccount = useCoreSelector((s) => s.session.lastAccount);
  const allowRegister = useCoreSelector(selectAllowRegister);
  const registerPrompt = useCoreSelector(selectWebsiteInfo)?.register_prompt;
  const form = useLazyForm(loadLoginForm, { account: lastAccount, password: '', totp: '' });

  const edit = (field: 'account' | 'password' | 'totp') => (value: string) => {
    form.set(field, value);
    if (status.status === 'failed') dispatch(sessionEvents.loginFormEdited());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit().then((values) => {
      if (values) dispatch(sessionEvents.loginSubmitted({ account: values.account, password: values.password, totp: values.totp || undefined }));
    });
  };

  const err = (f: 'account' | 'password' | 'totp') => (form.errors[f] ? t(form.errors[f]) : undefined);

  return (
    <AuthPage
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        allowRegister ? (
          <span>
            {t('auth.login.no_account')} <Link to="/admin_register">{t('auth.login.register_link')}</Link>
          </span>
        ) : (
          registerPrompt && <span>{registerPrompt}</span>
        )
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.fields.account')}
          icon="user"
          large
          value={form.values.account}
          onChange={edit('account')}
          error={err('account')}
          placeholder={t('auth.placeholders.account')}
          autoComplete="username"
          autoFocus={!lastAccount}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          icon="lock"
          large
          value={form.values.password}
          onChange={edit('password')}
          error={err('password')}
          placeholder={t('auth.placeholders.password')}
          autoComplete="current-password"
          autoFocus={!!lastAccount}
        />
        <TextField
          label={t('auth.fields.totp')}
          icon="key"
          large
          value={form.values.totp ?? ''}
          onChange={(v) => edit('totp')(v.replace(/\D/g, ''))}
          error={err('totp')}
          placeholder={t('auth.placeholders.totp')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
        {status.status === 'failed' && (
          <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }}>
            {say(status.error)}
          </Callout>
        )}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={status.status === 'loading'} text={t('auth.login.submit')} />
      </form>
    </AuthPage>
  );
}
