import { Button, Callout, Icon, Intent } from '@blueprintjs/core';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isUsableInvitationCode, registerForm } from '../../../../contracts/index.ts';
import { PageState } from '../../../components/page-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../components/use-form.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { useCoreDispatch, useCoreSelector } from '../../../state/hooks.ts';
import { selectAllowRegister, selectWebsiteInfo } from '../../../state/selectors.ts';
import { sessionEvents } from '../../../state/session-slice.ts';
import { AuthPage } from '../components/auth-page.tsx';
import styles from './register-screen.module.css';
import '../../../components/blueprint-rest.ts';

type Field = 'account' | 'password' | 'repeat_password' | 'code';

/**
 * /admin_register?code=: offered only while registration is allowed (else the register prompt). The code
 * from the link is taken only if alphanumeric, and locked unless website info allows editing it.
 */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const say = useUserMessage();
  const [params] = useSearchParams();
  const status = useCoreSelector((s) => s.session.register);
  const allowRegister = useCoreSelector(selectAllowRegister);
  const info = useCoreSelector(selectWebsiteInfo);

  const linkCode = params.get('code');
  const usable = isUsableInvitationCode(linkCode);
  const locked = usable && !(info?.invitation_code_editable ?? false);
  const form = useForm(registerForm, { account: '', password: '', repeat_password: '', code: usable ? linkCode : '' });
  // The same tab may follow another invitation link (the router keeps this screen mounted): its code replaces
  // the one taken from the previous link, which would otherwise stay (and stay locked).
  const linkSeen = useRef(linkCode);
  const setField = form.set;
  useEffect(() => {
    if (linkSeen.current === linkCode) return;
    linkSeen.current = linkCode;
    setField('code', isUsableInvitationCode(linkCode) ? linkCode : '');
  }, [linkCode, setField]);

  if (!allowRegister) {
    return (
      <PageState
        fullPage
        icon="disable"
        title={t('auth.register.closed_title')}
        description={info?.register_prompt || t('errors.registration_closed')}
        action={
          <Link to="/admin_login">
            <Button intent={Intent.PRIMARY} text={t('auth.register.login_link')} />
          </Link>
        }
      />
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = form.submit();
    if (values) dispatch(sessionEvents.registerSubmitted({ account: values.account, password: values.password, code: values.code || undefined }));
  };
  const err = (f: Field) => (form.errors[f] ? t(form.errors[f]) : undefined);

  return (
    <AuthPage
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <span>
          {t('auth.register.have_account')} <Link to="/admin_login">{t('auth.register.login_link')}</Link>
        </span>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField label={t('auth.fields.account')} icon="user" large value={form.values.account} onChange={(v) => form.set('account', v)} error={err('account')} placeholder={t('auth.placeholders.account')} autoComplete="username" autoFocus />
        <TextField label={t('auth.fields.password')} type="password" icon="lock" large value={form.values.password} onChange={(v) => form.set('password', v)} error={err('password')} autoComplete="new-password" />
        <TextField label={t('auth.fields.repeat_password')} type="password" icon="lock" large value={form.values.repeat_password} onChange={(v) => form.set('repeat_password', v)} error={err('repeat_password')} autoComplete="new-password" />
        <TextField
          label={t('auth.fields.code')}
          icon="key"
          large
          value={form.values.code ?? ''}
          onChange={(v) => form.set('code', v)}
          error={err('code')}
          placeholder={t('auth.placeholders.code')}
          readOnly={locked}
          helperText={locked ? t('auth.register.code_locked') : undefined}
          rightElement={locked ? <Icon icon="lock" className={styles.lock} aria-hidden /> : undefined}
        />
        {status.status === 'failed' && (
          <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }}>
            {say(status.error)}
          </Callout>
        )}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={status.status === 'loading'} text={t('auth.register.submit')} />
      </form>
    </AuthPage>
  );
}
