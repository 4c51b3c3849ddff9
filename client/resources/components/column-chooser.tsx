import { Button, Checkbox, Menu, MenuDivider, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import styles from './resource-list.module.css';

export interface ColumnChooserProps {
  columns: readonly { id: string; label: string }[];
  hidden: readonly string[];
  /** Columns chosen but dropped by the table's width now (lower priority): marked, so they can be found. */
  narrow?: readonly string[];
  onChange(hidden: readonly string[]): void;
}

/**
 * A popover of checkboxes, one per column; at least one column stays visible. A chosen column the table's
 * width drops now says so (and the button counts them), so a column is never gone without a word.
 */
export function ColumnChooser({ columns, hidden, narrow = [], onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const visibleCount = columns.length - hidden.length;
  const droppedCount = columns.filter((c) => !hidden.includes(c.id) && narrow.includes(c.id)).length;
  const toggle = (id: string, show: boolean) => onChange(show ? hidden.filter((h) => h !== id) : [...hidden, id]);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu className={styles.chooser} aria-label={t('resource.columns.title')}>
          <MenuDivider title={t('resource.columns.title')} />
          {columns.map((c) => {
            const shown = !hidden.includes(c.id);
            const dropped = shown && narrow.includes(c.id);
            return (
              <li key={c.id} className={styles.chooserItem}>
                <Checkbox
                  labelElement={
                    <>
                      {c.label}
                      {dropped && (
                        <Tag minimal round className={styles.narrowMark}>
                          {t('resource.columns.narrow')}
                        </Tag>
                      )}
                    </>
                  }
                  checked={shown}
                  disabled={shown && visibleCount <= 1}
                  onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                />
              </li>
            );
          })}
          {droppedCount > 0 && <li className={styles.chooserHint}>{t('resource.columns.narrow_hint')}</li>}
        </Menu>
      }
    >
      <Button
        icon="column-layout"
        variant="minimal"
        text={droppedCount ? t('resource.columns.button_narrow', { count: droppedCount }) : t('resource.columns.button')}
      />
    </PopoverNext>
  );
}
