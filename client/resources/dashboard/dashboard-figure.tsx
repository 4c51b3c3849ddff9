import { Card, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CardDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

/** A card: icon, label, figure, and (declared) its change against a comparison figure and a note. */
export function Figure<D>({ name, card, data }: { name: string; card: CardDecl<D>; data: D }) {
  const { t, i18n } = useTranslation();
  const value = card.value(data);
  const text =
    card.format === 'usdt'
      ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          value / 1_000_000,
        )
      : new Intl.NumberFormat(i18n.language).format(value);
  return (
    <Card className={styles.card} data-card={card.id}>
      <div className={styles.cardHead}>
        <Icon icon={card.icon} intent={card.intent} />
        <span className={Classes.TEXT_MUTED}>{t(`resources.${name}.cards.${card.id}`)}</span>
      </div>
      <p className={styles.figure}>{card.format === 'usdt' ? `${text} USDT` : text}</p>
      {card.compare && <Change data={data} card={card} />}
      {card.note && (
        <p className={`${styles.note} ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t(card.note)}</p>
      )}
    </Card>
  );
}

/** The card's change against its comparison figure, e.g. "▲ 12 (+8%) vs yesterday until 14:59". */
function Change<D>({ data, card }: { data: D; card: CardDecl<D> }) {
  const { t, i18n } = useTranslation();
  const now = card.value(data);
  const then = card.compare!.value(data);
  const diff = now - then;
  const fmt = new Intl.NumberFormat(i18n.language);
  const pct =
    then > 0 && diff !== 0
      ? ` (${new Intl.NumberFormat(i18n.language, { style: 'percent', signDisplay: 'always' }).format(diff / then)})`
      : '';
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  return (
    <p className={`${styles.compare} ${Classes.TEXT_SMALL}`} data-compare={card.id}>
      <Icon
        icon={diff > 0 ? 'arrow-up' : diff < 0 ? 'arrow-down' : 'minus'}
        intent={diff > 0 ? 'success' : diff < 0 ? 'danger' : 'none'}
        size={12}
        className={styles.compareIcon}
      />
      <span className={styles.change}>{`${sign}${fmt.format(Math.abs(diff))}${pct}`}</span>
      <span className={Classes.TEXT_MUTED}>{t(card.compare!.label, { value: fmt.format(then) })}</span>
    </p>
  );
}
