import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DomainDisplayType } from '../../contracts/index.ts';
import styles from './codes-left.module.css';

/** Props of CodesLeft. */
export interface CodesLeftProps {
  /** Live QR codes still on the blocked domain. */
  readonly count: number;
  /** The blocked domain's kind (1 entry, 2 landing, 3 short): the kind of domain they need. */
  readonly displayType: number;
}

/**
 * QR codes left on a WeChat-blocked domain (no spare of its kind took them): how many, and what the owner does
 * about it, said where the owner looks (the domain list, the push history) and not only in a toast.
 */
export function CodesLeft({ count, displayType }: CodesLeftProps) {
  const { t } = useTranslation();
  const kind = DomainDisplayType.options.find((o) => o.value === displayType)?.member ?? 'entry';
  return (
    <span className={styles.left}>
      <Tag intent="danger" icon="warning-sign" minimal>
        {count}
      </Tag>
      <span className={styles.advice}>{t('shield.codes_left', { count, kind })}</span>
    </span>
  );
}
