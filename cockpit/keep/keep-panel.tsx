import { Button, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { JournalEntry } from '../../contracts/index.ts';
import { accountHint, useCockpit } from '../cockpit-context.tsx';
import { useT } from '../i18n.tsx';
import { control } from '../io/control.ts';
import { download, stampOf } from './download.ts';
import { effectsScenario, journalScenario } from './journal-scenario.ts';

/** The journal entries (with headers and bodies) of the span's rows, oldest first, read again from the mock. */
async function spanEntries(seqs: readonly number[]): Promise<{ entries: JournalEntry[] } | { message: string }> {
  if (!seqs.length) return { entries: [] };
  const wanted = new Set(seqs);
  const low = Math.min(...seqs);
  const answer = await control('journal', { after_seq: low - 1, limit: 10_000, detail: true });
  if (!answer.ok) return { message: answer.message };
  return { entries: answer.data.entries.filter((e) => wanted.has(e.seq)) };
}

/** Keep what happened: the span's journal entries as JSON Lines, or the span as a replayable QA scenario. */
export function KeepPanel() {
  const t = useT();
  const { span, selected, say, feed } = useCockpit();
  const [account, setAccount] = useState('');
  const seqs = span.flatMap((r) => (r.kind === 'action' ? [] : [r.seq]));
  const who = account || accountHint(selected, feed.rows);

  const exportJournal = async () => {
    const read = await spanEntries(seqs);
    if ('message' in read) return say(t('failed', { message: read.message }), false);
    const file = `journal-${stampOf(Date.now())}.jsonl`;
    download(file, read.entries.map((e) => JSON.stringify(e)).join('\n') + (read.entries.length ? '\n' : ''), 'application/x-ndjson');
    say(t('keep.exported', { count: read.entries.length, file }), true);
  };

  const saveScenario = async () => {
    const read = await spanEntries(seqs);
    if ('message' in read) return say(t('failed', { message: read.message }), false);
    const stamp = stampOf(Date.now());
    const file = `cockpit-${stamp}.json`;
    const name = `cockpit: ${who}'s console, ${stamp}`;
    // The console's own effects when a development console sent them from its start; else the frames it got.
    const replayed = effectsScenario(read.entries, who, name);
    if ('scenario' in replayed) {
      download(file, JSON.stringify(replayed.scenario, null, 2) + '\n', 'application/json');
      return say(t('keep.saved_effects', { file, effects: replayed.effects, answers: replayed.answers, seconds: replayed.seconds }), true);
    }
    const made = journalScenario(read.entries, who, name);
    const why = t(`keep.frames_only.${replayed.why}`, { detail: replayed.detail ?? '' });
    if (!made) return say(`${t('keep.no_frames')} ${why}`, false);
    download(file, JSON.stringify(made.scenario, null, 2) + '\n', 'application/json');
    say(`${t('keep.saved', { file, frames: made.frames, seconds: made.seconds })} ${why}`, true);
  };

  return (
    <section aria-labelledby="keep-title">
      <H5 id="keep-title">{t('tab.keep')}</H5>
      <p className="muted">{t('span_hint')}</p>
      <Button icon="export" text={t('keep.export')} onClick={() => void exportJournal()} />
      <FormGroup label={t('keep.scenario_user')} labelFor="keep-account" className="keep-account">
        <InputGroup id="keep-account" value={who} onChange={(e) => setAccount(e.currentTarget.value)} />
      </FormGroup>
      <Button icon="floppy-disk" intent="primary" text={t('keep.scenario')} onClick={() => void saveScenario()} />
    </section>
  );
}
