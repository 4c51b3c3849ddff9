import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dashboard.module.css';

/** A lookup dashboard's one input (checkout_ip): submitting reads the call again with `{ [field]: value }`. */
export function DashboardSearch({ name, field, placeholder, onSearch }: { name: string; field: string; placeholder?: string; onSearch(value: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const id = `dashboard-search-${name}`;
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <FormGroup label={t(`resources.${name}.fields.${field}`)} labelFor={id} inline>
        <InputGroup id={id} value={value} placeholder={placeholder ? t(placeholder) : undefined} onValueChange={setValue} />
      </FormGroup>
      <Button type="submit" icon="search" intent="primary" text={t('common.actions.search')} />
    </form>
  );
}
