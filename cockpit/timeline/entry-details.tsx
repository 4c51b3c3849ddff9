import { Callout, Classes, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { FRAMES, FRAME_TYPE_CODES, type FrameName, type JournalEntry } from '../../contracts/index.ts';
import { control, operationOf } from '../io/control.ts';
import { useT } from '../i18n.tsx';
import { nameOf, type Row } from './rows.ts';

type Loaded = { state: 'loading' } | { state: 'gone' } | { state: 'failed'; message: string } | { state: 'ready'; entry: JournalEntry; contract: unknown };

/** A frame's contract from the frame registry: name, direction, receiver and the data's JSON Schema. */
function frameContract(type: number): unknown {
  const name = (Object.keys(FRAME_TYPE_CODES) as FrameName[]).find((n) => FRAME_TYPE_CODES[n] === type);
  if (!name) return null;
  const spec = FRAMES[name];
  return { name, type, direction: spec.direction, receiver: spec.receiver, data: spec.data ? z.toJSONSchema(spec.data, { unrepresentable: 'any' }) : null };
}

/** What names the entry: the frame's registry entry, the call's operation (also for a console's call effect). */
async function contractOf(entry: JournalEntry): Promise<unknown> {
  if (entry.kind === 'frame') return frameContract(entry.frame_type);
  const call = entry.kind === 'effect' ? (/^(call|answer):(.+)$/.exec(entry.effect)?.[2] ?? null) : entry.call;
  return call ? operationOf(call).catch(() => null) : null;
}

const Json = ({ value }: { readonly value: unknown }) => <pre className={`json ${Classes.CODE_BLOCK}`}>{JSON.stringify(value, null, 2)}</pre>;

/**
 * The selected entry in full (headers and bodies as the journal masked them, read again by its seq) and the
 * contract that names it: the call's operation in the served OpenAPI document, or the frame's registry entry.
 */
export function EntryDetails({ row }: { readonly row: Row | null }) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const seq = row && row.kind !== 'action' ? row.seq : null;

  useEffect(() => {
    if (seq === null) return;
    const abort = new AbortController();
    setLoaded({ state: 'loading' });
    void (async () => {
      const answer = await control('journal', { seq, limit: 1, detail: true }, { signal: abort.signal });
      if (!answer.ok) return setLoaded({ state: 'failed', message: answer.message });
      const entry = answer.data.entries[0];
      if (!entry) return setLoaded({ state: 'gone' });
      const contract = await contractOf(entry);
      if (!abort.signal.aborted) setLoaded({ state: 'ready', entry, contract });
    })().catch(() => undefined);
    return () => abort.abort();
  }, [seq]);

  if (!row) return <NonIdealState icon="select" description={t('details.none')} />;
  if (row.kind === 'action') return <Callout intent={row.ok ? 'success' : 'danger'}>{row.summary}</Callout>;
  if (loaded.state === 'loading') return <NonIdealState icon={<Spinner size={24} />} description={t('details.loading')} />;
  if (loaded.state === 'gone') return <Callout intent="warning">{t('details.gone')}</Callout>;
  if (loaded.state === 'failed') return <Callout intent="danger">{t('failed', { message: loaded.message })}</Callout>;
  const { entry, contract } = loaded;
  return (
    <div className="entry-details">
      <H5>
        #{entry.seq} {nameOf(entry)}
      </H5>
      <p>{entry.summary}</p>
      {entry.fault ? <Callout intent="danger">{t('details.fault', { fault: entry.fault })}</Callout> : null}
      {entry.kind === 'effect' ? (
        <>
          <p>{t('details.effect_session', { session: entry.session, replayed: t(entry.replayed ? 'details.effect_replayed' : 'details.effect_not_replayed') })}</p>
          <H5>{t('details.effect')}</H5>
          <Json value={entry.data ?? null} />
        </>
      ) : entry.kind === 'frame' ? (
        <>
          <H5>{t('details.data')}</H5>
          <Json value={entry.data ?? null} />
        </>
      ) : (
        <>
          <H5>{t('details.request')}</H5>
          <Json value={{ method: entry.method, url: entry.url, ...entry.request }} />
          <H5>{t('details.response')}</H5>
          <Json value={{ status: entry.status, duration_ms: entry.duration_ms, ...entry.response }} />
        </>
      )}
      <H5>{t('details.contract')}</H5>
      {contract ? <Json value={contract} /> : <p>{t('details.no_contract')}</p>}
    </div>
  );
}
