import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { parseMoney, type Order, type VipCombo } from '../../../../contracts/index.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';
import { paymentActions, paymentEvents } from '../payment-slice.ts';
import { PaymentPanel } from './payment-panel.tsx';

function PaymentDialog({ isOpen, onClose, reload, children }: { isOpen: boolean; onClose(): void; reload(): void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const close = () => {
    dispatch(paymentActions.closed());
    reload();
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('resources.payment.title')} icon="bank-account">
      <DialogBody>{children ?? <PaymentPanel />}</DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('common.actions.close')} onClick={close} />} />
    </Dialog>
  );
}

/** buy_vip_combo's "Pay with USDT": opening it creates the unpaid order, then shows its payment page. */
export function BuyByChainDialog({ rows, isOpen, onClose, reload }: ActionDialogProps<VipCombo>) {
  const dispatch = useDispatch();
  const comboId = rows[0]?.id;
  useEffect(() => {
    if (isOpen && comboId !== undefined) dispatch(paymentEvents.buyRequested({ vip_combo_id: comboId }));
  }, [isOpen, comboId, dispatch]);
  return <PaymentDialog isOpen={isOpen} onClose={onClose} reload={reload} />;
}

/** An unpaid chain order's "Pay": its payment page again. */
export function PayOrderDialog({ rows, isOpen, onClose, reload }: ActionDialogProps<Order>) {
  const dispatch = useDispatch();
  const order = rows[0];
  useEffect(() => {
    if (isOpen && order) dispatch(paymentActions.opened(order));
  }, [isOpen, order, dispatch]);
  return <PaymentDialog isOpen={isOpen} onClose={onClose} reload={reload} />;
}

/** balance_recharge's "Recharge": the amount (USDT, at most 6 decimals), then the payment page. */
export function RechargeDialog({ isOpen, onClose, reload }: ActionDialogProps<Order>) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const micro = parseMoney(text);
  const valid = micro !== null && micro > 0;
  const done = () => {
    setSent(false);
    setText('');
    onClose();
  };
  if (sent) return <PaymentDialog isOpen={isOpen} onClose={done} reload={reload} />;
  return (
    <PaymentDialog isOpen={isOpen} onClose={done} reload={reload}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          dispatch(paymentEvents.rechargeRequested({ amount_micro: micro }));
          setSent(true);
        }}
      >
        <FormGroup
          label={t('resources.balance_recharge.fields.amount_micro')}
          labelFor="recharge-amount"
          helperText={text && !valid ? t('validation.amount_decimals') : t('resource.money_helper')}
          intent={text && !valid ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup id="recharge-amount" value={text} onValueChange={setText} inputMode="decimal" autoFocus />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} disabled={!valid} text={t('resources.balance_recharge.submit')} />
      </form>
    </PaymentDialog>
  );
}
