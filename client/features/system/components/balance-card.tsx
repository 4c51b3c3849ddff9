import { AnchorButton, Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contracts/index.ts';
import { useCoreSelector } from '../../../state/hooks.ts';
import { routePath } from '../../../state/menu.ts';
import { selectOwnBalance, selectRouteGranted } from '../../../state/selectors.ts';

/**
 * The caller's balance, live: the session store's copy, moved by frame 25 whenever the ledger changes it;
 * with the ways in and out that the caller's menu grants (bills, recharge, withdrawal).
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useCoreSelector(selectOwnBalance);
  const canBill = useCoreSelector((s) => selectRouteGranted(s, 'bill'));
  const canRecharge = useCoreSelector((s) => selectRouteGranted(s, 'balance_recharge'));
  const canWithdraw = useCoreSelector((s) => selectRouteGranted(s, 'acting_withdrawal_list'));
  if (balance === null) return null;
  return (
    <Card aria-labelledby="balance-card-title">
      <H5 id="balance-card-title">{t('resources.personal_center.balance')}</H5>
      {/* A figure, not a heading: large text, announced when it changes. */}
      <p data-testid="personal-balance" aria-live="polite" style={{ fontSize: 28, fontWeight: 600, margin: '8px 0 16px' }}>
        {t('resources.personal_center.balance_value', { amount: formatMoney(balance) })}
      </p>
      <p>
        {canRecharge && <AnchorButton icon="plus" intent="primary" href={`#${routePath('balance_recharge')}`} text={t('menu.balance_recharge')} />}{' '}
        {canWithdraw && <AnchorButton icon="export" href={`#${routePath('acting_withdrawal_list')}`} text={t('menu.acting_withdrawal_list')} />}{' '}
        {canBill && <AnchorButton icon="th-list" variant="minimal" href={`#${routePath('bill')}`} text={t('menu.bill')} />}
      </p>
    </Card>
  );
}
