import { Button, Checkbox, Menu, MenuDivider, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import styles from './resource-list.module.css';

export interface ColumnChooserProps {
  columns: readonly { id: string; label: string }[];
  hidden: readonly string[];
  onChange(hidden: readonly string[]): void;
}

/** A popover of checkboxes, one per column; at least one column stays visible. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const visibleCount = columns.length - hidden.length;
  const toggle = (id: string, show: boolean) => onChange(show ? hidden.filter((h) => h !== id) : [...hidden, id]);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu className={styles.chooser} aria-label={t('resource.columns.title')}>
          <MenuDivider title={t('resource.columns.title')} />
          {columns.map((c) => {
            const shown = !hidden.includes(c.id);
            return (
              <li key={c.id} className={styles.chooserItem}>
                <Checkbox label={c.label} checked={shown} disabled={shown && visibleCount <= 1} onChange={(e) => toggle(c.id, e.currentTarget.checked)} />
              </li>
            );
          })}
        </Menu>
      }
    >
      <Button icon="column-layout" variant="minimal" text={t('resource.columns.button')} />
    </PopoverNext>
  );
}
