import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statisticsCodes, type CodeChoice } from '../../../contracts/index.ts';
import { defineRecord } from '../record/define-record.ts';
import { useRecord } from '../record/use-record.ts';

/** How a code is shown once chosen: its name and id, the id being what the filter sends. */
export const codeLabel = (c: CodeChoice) => `${c.name || c.file_name} (#${c.id})`;

export interface CodePickerProps {
  /** One picker's record name (`code_picker.<screen>.<field>`): two pickers never share answers. */
  name: string;
  /** The chosen code's id as text, '' for "every code". */
  value: string;
  onChange(value: string): void;
  /** Accessible name (the filter's label); also the placeholder. */
  label: string;
  id?: string;
  invalid?: boolean;
}

/**
 * The statistics and visitor filters' code picker: people know codes by name, so they search by name or
 * code (statistics/codes, scoped like the statistics) and pick `name (#id)`; the filter sends the id. A value
 * that arrives as an id alone (from the address) is looked up as `#id` to show its name.
 */
export function CodePicker({ name, value, onChange, label, id, invalid }: CodePickerProps) {
  const { t } = useTranslation();
  const decl = useMemo(() => defineRecord({ name: `code_picker.${name}`, read: statisticsCodes }), [name]);
  const [chosen, setChosen] = useState<CodeChoice | null>(null);
  const [query, setQuery] = useState('');
  // The chosen code is shown by name; an id from elsewhere is looked up once.
  const known = chosen && String(chosen.id) === value ? chosen : null;
  const lookup = value && !known ? `#${value}` : null;
  // Each keystroke asks (a small indexed search, at most 20 rows); the answers carry their search.
  const asked = lookup ?? query.trim();
  const { data } = useRecord(decl, { search: asked });
  // Only the answer to what was asked last (an earlier keystroke's answer may arrive after it).
  const items = data && data.search === asked ? data.content : [];
  useEffect(() => {
    if (!lookup || !data || data.search !== lookup) return;
    const found = data.content.find((c) => String(c.id) === value);
    if (found) setChosen(found);
  }, [lookup, data, value]);

  return (
    <Suggest<CodeChoice>
      items={lookup ? [] : items}
      // The query is the input's own (uncontrolled): once a code is chosen the input shows `name (#id)`.
      onQueryChange={(q) => {
        setQuery(q);
        if (q.trim() === '' && value) onChange('');
      }}
      selectedItem={known}
      onItemSelect={(item) => {
        setChosen(item);
        onChange(String(item.id));
      }}
      inputValueRenderer={codeLabel}
      itemsEqual={(a, b) => a.id === b.id}
      itemRenderer={(item, { handleClick, handleFocus, modifiers }) => (
        <MenuItem
          key={item.id}
          text={item.name || item.file_name}
          label={`${item.file_name} · #${item.id}`}
          active={modifiers.active}
          onClick={handleClick}
          onFocus={handleFocus}
          roleStructure="listoption"
        />
      )}
      noResults={<MenuItem disabled text={t('resource.code_picker.none')} roleStructure="listoption" />}
      closeOnSelect
      // Typed but not chosen is not a filter: on close the input shows the chosen code (or "any code") again.
      resetOnClose
      // As wide as the names need (a code's name is often longer than the filter's input).
      popoverProps={{ minimal: true, placement: 'bottom-start' }}
      inputProps={{ id, 'aria-label': label, placeholder: value && !known ? `#${value}` : t('resource.code_picker.placeholder'), intent: invalid ? 'danger' : 'none', leftIcon: 'barcode' }}
    />
  );
}
