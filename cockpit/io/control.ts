import { CONTROL_PREFIX, type AnyControlName, type ControlBodyOf, type ControlDataOf } from '../../contracts/index.ts';

/** A control call's outcome: the data, the server's refusal sentence (4xx), or a network failure. */
export type Outcome<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly refused: boolean; readonly message: string };

/**
 * One control call (`POST /__control/<name>` on the page's own origin: the mock serves the cockpit). The page
 * speaks the mock's language so a refusal arrives as the sentence the server wrote for it.
 */
export async function control<N extends AnyControlName>(name: N, body: ControlBodyOf<N>, options: { signal?: AbortSignal; language?: string } = {}): Promise<Outcome<ControlDataOf<N>>> {
  try {
    const res = await fetch(`${CONTROL_PREFIX}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) },
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const json = (await res.json()) as { status: boolean; message?: string; data?: ControlDataOf<N> };
    if (json.status) return { ok: true, data: json.data as ControlDataOf<N> };
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
