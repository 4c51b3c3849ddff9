import { formatMoney, PayMethod, vipComboBuy, vipComboShop } from '../../../../contracts/index.ts';
import { ResourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { MembershipStatus } from '../components/membership-status.tsx';
import { BuyByChainDialog } from '../components/payment-dialogs.tsx';

/** /customer/buy_vip_combo: combos on sale; buy from the balance at once, or pay USDT on chain (payment page). */
export const buyVipComboResource = defineResource(vipComboShop, (r) => ({
  name: 'buy_vip_combo',
  description: 'resources.buy_vip_combo.description',
  columns: [
    { field: 'name', kind: 'text' },
    { field: 'price_micro', kind: 'money' },
    { field: 'days', kind: 'number' },
    { field: 'domain_quota', kind: 'number' },
    { field: 'description', kind: 'text' },
  ],
  actions: [
    r.action(vipComboBuy, {
      id: 'buy_balance',
      scope: 'row',
      label: 'resources.buy_vip_combo.buy_balance',
      icon: 'credit-card',
      // Buying is what the screen is for: said in words, not left to a tooltip a phone never shows.
      labelled: true,
      button: 'buy',
      // What is bought, for how long and for how much, taken from the balance at once: a purchase stays.
      confirm: { text: 'resources.buy_vip_combo.buy_balance_confirm', undoable: false, vars: ([combo]) => ({ name: combo?.name ?? '', price: combo ? formatMoney(combo.price_micro) : '', days: combo?.days ?? 0 }) },
      body: ([combo]) => ({ vip_combo_id: combo!.id, pay_method: PayMethod.values.balance }),
    }),
    {
      id: 'buy_chain',
      kind: 'dialog',
      scope: 'row',
      label: 'resources.buy_vip_combo.buy_chain',
      icon: 'bank-account',
      intent: 'primary',
      labelled: true,
      button: 'buy',
      dialog: BuyByChainDialog,
    },
  ],
}));

/** The shop, with the caller's membership above it. */
export default function BuyVipComboScreen() {
  return (
    <ResourceScreen decl={buyVipComboResource}>
      <MembershipStatus />
    </ResourceScreen>
  );
}
