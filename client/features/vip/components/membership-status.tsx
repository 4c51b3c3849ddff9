import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useRecord } from '../../../resources/record/use-record.ts';
import { membershipRecord } from '../membership-record.ts';

/** 'YYYY-MM-DD HH:mm:ss' of now in local time: the wire format, so it compares as text. */
function nowText(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * Above the shop: a customer's membership, running or not (docs/decisions/2026-11-23-membership.md). Read
 * again after every purchase, from the balance or paid on chain (the saga re-reads the record). Agents and
 * administrators are not members: nothing shown.
 */
export function MembershipStatus() {
  const { t } = useTranslation();
  const { data } = useRecord(membershipRecord);
  const user = data?.user_info;
  if (!user || user.role_kind !== 'customer') return null;
  const expiry = user.member_expire_time;
  const running = expiry !== null && expiry >= nowText();
  const key = running ? 'running' : expiry === null ? 'none' : 'expired';
  return (
    <Callout intent={running ? Intent.SUCCESS : Intent.WARNING} compact data-testid="membership-status">
      {t(`resources.buy_vip_combo.membership.${key}`, { expiry })}
    </Callout>
  );
}
