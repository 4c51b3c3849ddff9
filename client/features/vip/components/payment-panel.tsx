import { Callout, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatMoney, ShowStatus, type Order } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { CopyField } from '../../../components/copy-field.tsx';
import type { CoreState } from '../../../state/core.ts';
import { QrImage } from '../../../components/qr/qr-image.tsx';
import type { WithPayment } from '../payment-slice.ts';

/** Seconds left until 'YYYY-MM-DD HH:mm:ss' (server local time, as the console shows it). */
function secondsUntil(dateTime: string, now: number): number {
  return Math.max(0, Math.floor((new Date(dateTime.replace(' ', 'T')).getTime() - now) / 1000));
}
const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * The payment page of the open order (payment slice): exact amount, receiving address with copy, a QR code
 * drawn here when pay_config.qr_code_switch is on, and the time left. A type-22 frame turns it paid live.
 */
export function PaymentPanel() {
  const { t } = useTranslation();
  const message = useUserMessage();
  const { current, creating, error, paid, now } = useSelector((s: WithPayment) => s.payment);
  const payConfig = useSelector((s: CoreState) => s.settings.payConfig);
  if (error) return <Callout intent={Intent.DANGER} icon="error">{message(error)}</Callout>;
  if (creating || !current) return <NonIdealState icon={<Spinner size={32} />} title={t('resources.payment.creating')} />;
  const order: Order = current;
  const isPaid = order.status === 2 || paid.includes(order.id);
  // Before the first tick (now = 0) the order is shown as open.
  const left = now === 0 ? 1 : secondsUntil(order.expire_time, now);
  const qrOn = 'data' in payConfig && payConfig.data?.qr_code_switch === ShowStatus.values.show;
  const amount = formatMoney(order.pay_amount_micro);
  if (isPaid)
    return (
      <Callout intent={Intent.SUCCESS} icon="tick-circle" title={t('resources.payment.paid_title')} data-testid="payment-paid">
        {t('resources.payment.paid_body', { order_no: order.order_no })}
      </Callout>
    );
  if (left === 0)
    return <Callout intent={Intent.WARNING} icon="time" title={t('resources.payment.expired_title')}>{t('resources.payment.expired_body')}</Callout>;
  return (
    <div data-testid="payment-panel">
      <p>
        {t('resources.payment.instructions')} <Tag intent={Intent.PRIMARY} large>{amount} USDT</Tag> (TRC20)
      </p>
      <CopyField id="payment-amount" label={t('resources.payment.amount')} value={amount} copyLabel={t('resources.payment.copy_amount')} helperText={t('resources.payment.exact')} />
      <CopyField id="payment-address" label={t('resources.payment.address')} value={order.address} copyLabel={t('resources.payment.copy_address')} />
      {qrOn && <QrImage text={order.address} size={160} label={t('resources.payment.qr_label')} />}
      <p role="timer" aria-live="off">
        {t('resources.payment.time_left')} <strong data-testid="payment-countdown">{mmss(left)}</strong>
      </p>
      <Callout icon="refresh">{t('resources.payment.waiting')}</Callout>
    </div>
  );
}
