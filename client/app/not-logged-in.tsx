import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Question } from '../components/question.tsx';

/**
 * A page behind login opened without a session: spec §8's "Not logged in" confirmation instead of a silent
 * jump to /admin_login. Cancelling leaves a way to log in on the page. Its own chunk (not the first load).
 */
export default function NotLoggedIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(true);
  const toLogin = () => void navigate('/admin_login', { replace: true });
  return (
    <>
      <NonIdealState
        icon="lock"
        title={t('errors.not_logged_in')}
        action={<Button intent={Intent.PRIMARY} text={t('common.actions.login')} onClick={toLogin} />}
      />
      <Question
        isOpen={asking}
        icon="lock"
        intent={Intent.PRIMARY}
        confirmButtonText={t('common.actions.login')}
        cancelButtonText={t('common.actions.cancel')}
        onConfirm={toLogin}
        onCancel={() => setAsking(false)}
      >
        <p>{t('errors.not_logged_in')}</p>
      </Question>
    </>
  );
}
