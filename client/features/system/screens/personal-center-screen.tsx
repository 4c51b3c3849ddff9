import { Button, Card, FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo, updateProfile, type Session, type UserInfo } from '../../../../contracts/index.ts';
import { useCoreDispatch } from '../../../state/hooks.ts';
import { routePath } from '../../../state/menu.ts';
import { sessionEvents } from '../../../state/session-slice.ts';
import { ScreenFrame } from '../../../components/screen-frame.tsx';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { defineRecord } from '../../../resources/record/define-record.ts';
import { useRecord } from '../../../resources/record/use-record.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { InvitationCard } from '../components/invitation-card.tsx';
import { TelegramCard } from '../components/telegram-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';

const L = 'resources.personal_center';

/** The caller's own info, saved through update_profile (which answers the user info itself). */
const profile = defineRecord({ name: 'personal_center', read: getUserInfo, save: updateProfile });
const infoOf = (data: unknown): UserInfo | undefined =>
  data && typeof data === 'object' ? ('user_info' in data ? (data as Session).user_info : (data as UserInfo)) : undefined;

/**
 * /customer/personal_center: own name and phone, the balance (customers, agents) and an agent's invitation,
 * two-factor binding, Telegram binding status, a link to change the password.
 */
export default function PersonalCenterScreen() {
  const { t } = useTranslation();
  const say = useUserMessage();
  const r = useRecord(profile);
  const info = infoOf(r.data);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const dispatch = useCoreDispatch();
  // The fresh read of this screen also brings the header's balance up to date (e.g. a frame missed offline).
  const balance = info?.balance_micro;
  useEffect(() => {
    if (balance !== undefined) dispatch(sessionEvents.balanceChanged(balance));
  }, [balance, dispatch]);
  useEffect(() => {
    setName(info?.name ?? '');
    setPhone(info?.phone ?? '');
  }, [info?.name, info?.phone]);
  const error = r.state.save.status === 'failed' ? say(r.state.save.error) : undefined;
  return (
    <ScreenFrame title={t('menu.personal_center')} description={t(`${L}.description`)}>
      {info && (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
          <Card>
            <H5>{info.account}</H5>
            <form
              aria-label={t(`${L}.profile`)}
              onSubmit={(e) => {
                e.preventDefault();
                r.save({ name, phone });
              }}
            >
              <FormGroup label={t(`${L}.name`)} labelFor="profile-name">
                <InputGroup id="profile-name" value={name} onValueChange={setName} maxLength={64} />
              </FormGroup>
              <FormGroup label={t(`${L}.phone`)} labelFor="profile-phone" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
                <InputGroup id="profile-phone" value={phone} onValueChange={setPhone} maxLength={32} />
              </FormGroup>
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={r.state.save.status === 'loading'} text={t('common.actions.save')} />{' '}
              <a href={`#${routePath('update_password')}`}>{t('menu.update_password')}</a>
            </form>
          </Card>
          <BalanceCard />
          <InvitationCard />
          <TwoFactorCard info={info} onChanged={r.reload} />
          <TelegramCard />
        </div>
      )}
    </ScreenFrame>
  );
}
