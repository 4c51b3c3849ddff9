import { Classes } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectWebsiteInfo } from '../state/selectors.ts';
import { useCoreSelector } from '../state/hooks.ts';
import { isSafeImageUrl } from './safe-url.ts';
import styles from './site-brand.module.css';

const DEFAULT_LOGO = './logo.svg';

export interface SiteBrandProps {
  /** Hide the title text (narrow headers). Default false. */
  compact?: boolean;
}

/** Logo and site title from website info, with the default logo until (or if) its icon loads. */
export function SiteBrand({ compact = false }: SiteBrandProps) {
  const { t } = useTranslation();
  const info = useCoreSelector(selectWebsiteInfo);
  const [broken, setBroken] = useState(false);
  const src = isSafeImageUrl(info?.icon) && !broken ? info.icon : DEFAULT_LOGO;
  const title = info?.title || t('common.app_name');
  return (
    <div className={styles.brand}>
      {/* Compact (a phone's header), the logo alone names the link it sits in. */}
      <img className={styles.logo} src={src} alt={compact ? title : ''} width={28} height={28} onError={() => setBroken(true)} />
      {/* Styled as a heading but not one: the page's own h1 is the first heading (axe heading-order). */}
      {!compact && <span className={`${Classes.HEADING} ${styles.title}`}>{title}</span>}
    </div>
  );
}
