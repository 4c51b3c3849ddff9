import { createContext, useContext } from 'react';
import type { Language } from './i18n.tsx';
import type { AnyControlName, ControlBodyOf, ControlDataOf } from '../contracts/index.ts';
import type { JournalFeed } from './io/journal-feed.ts';
import type { Row } from './timeline/rows.ts';

export interface Cockpit {
  readonly feed: JournalFeed;
  readonly language: Language;
  /** The selected time-line row (its call, its user prefill the forms). */
  readonly selected: Row | null;
  /** The rows of the span to keep (the marked span, else every row shown). */
  readonly span: readonly Row[];
  /**
   * Run a control call and say what it did: `describe` words the answer; a refusal is said with the server's
   * own sentence. Either way it lands on the time line as a cockpit action. Answers the data, or null.
   */
  act<N extends AnyControlName>(name: N, body: ControlBodyOf<N>, describe: (data: ControlDataOf<N>) => string): Promise<ControlDataOf<N> | null>;
  /** Say something the cockpit did by itself (an export), on the time line too. */
  say(text: string, ok: boolean): void;
}

export const CockpitContext = createContext<Cockpit | null>(null);

export function useCockpit(): Cockpit {
  const c = useContext(CockpitContext);
  if (!c) throw new Error('useCockpit outside the cockpit');
  return c;
}

/** The account the selected row names, else the newest account on the time line, else ''. */
export function accountHint(selected: Row | null, rows: readonly Row[]): string {
  if (selected && selected.kind !== 'action' && selected.account) return selected.account;
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.kind !== 'action' && r.account) return r.account;
  }
  return '';
}
