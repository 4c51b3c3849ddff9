import type { UnknownAction } from '@reduxjs/toolkit';
import type { CallDef, RequestOf, ResponseOf } from '../../../contracts/index.ts';

/**
 * One record a screen reads (and maybe saves) whole: a settings object, a dashboard's figures. The settings
 * and dashboard engines declare one; the record saga finds its calls here by name (actions stay serializable).
 */
export interface RecordDecl<R = unknown> {
  /** Route name; also the state key under `records`. */
  readonly name: string;
  readonly read: CallDef;
  /** Body of the read call. Default `{}`. */
  readonly body?: unknown;
  /** The call a save sends the changes to; its answer is the saved record (`null` = read again). */
  readonly save?: CallDef;
  /** The save's answer is not the record (a removal count): read the record again after it. Default false. */
  readonly reread?: boolean;
  /** An event to dispatch with the saved record (keeps a start-up copy elsewhere in step). */
  onSaved?(record: R): UnknownAction;
}

const registry = new Map<string, RecordDecl>();

/** Register a record under its name; read and save types come from the calls. */
export function defineRecord<Read extends CallDef, Save extends CallDef = never>(decl: {
  name: string;
  read: Read;
  body?: RequestOf<Read>;
  save?: Save;
  reread?: boolean;
  onSaved?(record: ResponseOf<Read>): UnknownAction;
}): RecordDecl<ResponseOf<Read>> {
  registry.set(decl.name, decl as RecordDecl);
  return decl;
}

export function recordByName(name: string): RecordDecl | undefined {
  return registry.get(name);
}
