import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { parseMoney, type Order, type VipCombo } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { minRecharge, moneyHint, moneyProblem } from '../../../resources/money-field.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';
import { dataOf } from '../../../state/async.ts';
import { useCoreSelector } from '../../../state/hooks.ts';
import { paymentActions, paymentEvents, type WithPayment } from '../payment-slice.ts';
import { PaymentPanel } from './payment-panel.tsx';

function PaymentDialog({ isOpen, onClose, reload, children, title }: { isOpen: boolean; onClose(): void; reload(): void; children?: React.ReactNode; title?: string }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const close = () => {
    dispatch(paymentActions.closed());
    reload();
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={title ?? t('resources.payment.title')} icon="bank-account">
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

/**
 * balance_recharge's "Recharge": the amount (USDT; the minimum said under it and each problem in its own
 * words as it is typed), then the payment page. A refusal (under the pay config's minimum, too many open
 * orders…) brings the form back with what was typed and the server's reason under the field.
 */
export function RechargeDialog({ isOpen, onClose, reload }: ActionDialogProps<Order>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const dispatch = useDispatch();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const refusal = useSelector((s: WithPayment) => s.payment.error);
  const payConfig = useCoreSelector((s) => dataOf(s.settings.payConfig));
  const limits = { min: minRecharge({ payConfig }) };
  const micro = parseMoney(text);
  const problem = moneyProblem(text, limits);
  const valid = text.trim() !== '' && !problem && micro !== null;
  const done = () => {
    setSent(false);
    setText('');
    onClose();
  };
  if (sent && !refusal) return <PaymentDialog isOpen={isOpen} onClose={done} reload={reload} />;
  // The refusal is a sentence alone (its field travels apart), shown under the amount it is about.
  const refused = sent && refusal ? say(refusal) : undefined;
  const error = refused ?? (problem ? say(problem) : undefined);
  return (
    <PaymentDialog isOpen={isOpen} onClose={done} reload={reload} title={t('resources.balance_recharge.recharge')}>
      <form
        aria-label={t('resources.balance_recharge.recharge')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid || micro === null) return;
          dispatch(paymentEvents.rechargeRequested({ amount_micro: micro }));
          setSent(true);
        }}
      >
        <FormGroup
          label={t('resources.balance_recharge.fields.amount_micro')}
          labelFor="recharge-amount"
          helperText={error ? <span role="alert">{error}</span> : say(moneyHint(limits))}
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="recharge-amount"
            value={text}
            onValueChange={(v) => {
              setText(v);
              // A new amount answers the refusal: the old reason goes, the payment page is left for the next try.
              if (sent) {
                setSent(false);
                dispatch(paymentActions.closed());
              }
            }}
            inputMode="decimal"
            autoFocus
            intent={error ? Intent.DANGER : Intent.NONE}
            aria-invalid={error ? true : undefined}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} disabled={!valid} text={t('resources.balance_recharge.submit')} />
      </form>
    </PaymentDialog>
  );
}
