import type { z } from 'zod';
import {
  CONTROL_PREFIX,
  type ShieldControlAnswer,
  type ShieldControlName,
  type shieldControlBodies,
  type ControlAnswer,
  type ControlBody,
  type ControlName,
  type QaControlAnswer,
  type QaControlBody,
  type QaControlName,
} from '../../contracts/index.ts';

/** Every name the control API answers, with its body and answer types (contracts/realtime/control*.ts). */
type ShieldName = `shield/${ShieldControlName}`;
type ShieldOp<N> = N extends `shield/${infer O extends ShieldControlName}` ? O : never;
export type AnyName = ControlName | QaControlName | ShieldName;
export type BodyOf<N extends AnyName> = N extends QaControlName
  ? QaControlBody<N>
  : N extends ControlName
    ? ControlBody<N>
    : z.input<(typeof shieldControlBodies)[ShieldOp<N>]>;
export type AnswerOf<N extends AnyName> = N extends QaControlName
  ? QaControlAnswer<N>
  : N extends ControlName
    ? ControlAnswer<N>
    : ShieldControlAnswer<ShieldOp<N>>;

/** A control call's outcome: the data, the server's refusal sentence (4xx), or a network failure. */
export type Outcome<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly refused: boolean; readonly message: string };

/**
 * One control call (`POST /__control/<name>` on the page's own origin: the mock serves the cockpit). The page
 * speaks the mock's language so a refusal arrives as the sentence the server wrote for it.
 */
export async function control<N extends AnyName>(name: N, body: BodyOf<N>, options: { signal?: AbortSignal; language?: string } = {}): Promise<Outcome<AnswerOf<N>>> {
  try {
    const res = await fetch(`${CONTROL_PREFIX}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) },
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const json = (await res.json()) as { status: boolean; message?: string; data?: AnswerOf<N> };
    if (json.status) return { ok: true, data: json.data as AnswerOf<N> };
    return { ok: false, refused: true, message: json.message ?? `HTTP ${res.status}` };
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return { ok: false, refused: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** An operation of the served OpenAPI document (the contract a call's entry shows). */
export type OpenApiOperation = Record<string, unknown>;
let document: Promise<Record<string, Record<string, OpenApiOperation>>> | null = null;

/** The call's operation in `/api/openapi.json` (fetched once), or null when the document has none. */
export async function operationOf(call: string): Promise<OpenApiOperation | null> {
  document ??= fetch('/api/openapi.json')
    .then((r) => r.json() as Promise<{ paths: Record<string, Record<string, OpenApiOperation>> }>)
    .then((d) => d.paths)
    .catch((e: unknown) => {
      document = null;
      throw e;
    });
  const paths = await document;
  const item = paths[`/api/${call}`];
  return item ? (item.post ?? Object.values(item)[0] ?? null) : null;
}
