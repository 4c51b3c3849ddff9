import { Button, ControlGroup, H5, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { QaControlAnswer } from '../../contracts/index.ts';
import { useCockpit } from '../cockpit-context.tsx';
import { control } from '../io/control.ts';
import { useT } from '../i18n.tsx';

/** Named states: the list (saved and shipped), save the live data under a name, load one, with each load's time. */
export function StatesPanel() {
  const t = useT();
  const { act } = useCockpit();
  const [list, setList] = useState<QaControlAnswer<'state/list'> | null>(null);
  const [loadMs, setLoadMs] = useState<Record<string, number>>({});
  const [name, setName] = useState('');

  const refresh = useCallback(async () => {
    // Quietly: a list read is no action worth a line on the time line.
    const answer = await control('state/list', {});
    if (answer.ok) setList(answer.data);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const load = async (state: string) => {
    const d = await act('state/load', { name: state }, (a) => t('states.loaded', { name: a.name, ms: a.ms.toFixed(1), built: a.built ? t('states.built') : '' }));
    if (d) setLoadMs((m) => ({ ...m, [state]: d.ms }));
    void refresh();
  };
  const save = async () => {
    await act('state/save', { name }, (a) => t('states.saved', { name: a.name, bytes: a.bytes, ms: a.ms.toFixed(1) }));
    void refresh();
  };

  const rows = list ? [...list.saved.map((n) => ({ name: n, kind: 'saved' as const })), ...list.shipped.map((s) => ({ name: s.name, kind: 'shipped' as const, promise: s.promise }))] : [];
  return (
    <section aria-labelledby="states-title">
      <H5 id="states-title">{t('states.title')}</H5>
      <ControlGroup>
        <InputGroup aria-label={t('states.name')} placeholder={t('states.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button icon="floppy-disk" text={t('states.save')} onClick={() => void save()} />
        <Button icon="refresh" aria-label={t('states.refresh')} title={t('states.refresh')} onClick={() => void refresh()} />
      </ControlGroup>
      <HTMLTable compact className="states-table">
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}:${r.name}`}>
              <td>
                <strong>{r.name}</strong> <Tag minimal>{t(r.kind === 'saved' ? 'states.saved_kind' : 'states.shipped')}</Tag>
                {'promise' in r ? <div className="muted">{r.promise}</div> : null}
              </td>
              <td className="muted">{loadMs[r.name] !== undefined ? t('states.last_load', { ms: loadMs[r.name]!.toFixed(1) }) : ''}</td>
              <td>
                <Button size="small" text={t('states.load')} aria-label={`${t('states.load')} ${r.name}`} onClick={() => void load(r.name)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
