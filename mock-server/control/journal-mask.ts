/**
 * What the journal never keeps: secrets, masked as `***` by the name of the field, header or query parameter
 * that holds them, and by the shape of the value wherever it shows (docs/decisions/2026-11-29-journal.md).
 * The journal answers over the control API, which a QA team may share (MOCK_CONTROL_TOKEN).
 */
export const MASK = '***';

/** Field, header and query names whose values are secrets: passwords, tokens, keys, codes, cookies. */
const SECRET_NAME = /pass(word|wd)?|token|secret|totp|(^|[_-])otp($|[_-])|captcha|private|pem|mnemonic|credential|cookie|authorization|signature|(^|[_-])key($|[_-]|s$)|apikey|session[_-]?id|^sid$/i;

export const isSecretName = (name: string) => SECRET_NAME.test(name);

/** Lower case, upper case and digits together: what random bytes in base64 look like. */
const looksRandom = (run: string) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run);

/**
 * Value shapes that are secrets whatever they are called. Each replaces only the secret part of a text.
 * - PEM private keys (a whole block);
 * - JSON Web Tokens (three base64url parts, the first two starting `eyJ`);
 * - credentials after an HTTP auth scheme (`Bearer …`, `Basic …`);
 * - a random-looking token: 32 or more base64/base64url characters with lower case, upper case and digits
 *   (this server's session tokens, realtime keys, RSA-encrypted passwords, API keys). Lower-case hex (hashes,
 *   transaction ids) and upper-case base32 are left alone: they are what QA looks for; hex private keys are
 *   masked by name.
 */
// `test` first: a replace that changes nothing still copies the text (a 64 KiB body, four times per body).
const SHAPES: readonly { re: RegExp; test: (s: string) => boolean; to: string | ((m: string, ...g: string[]) => string) }[] = [
  { re: /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(-----END \1PRIVATE KEY-----|$)/g, test: (s) => s.includes('PRIVATE KEY-----'), to: (_m, kind) => `-----BEGIN ${kind}PRIVATE KEY-----${MASK}-----END ${kind}PRIVATE KEY-----` },
  { re: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, test: (s) => s.includes('eyJ'), to: MASK },
  { re: /\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, test: (s) => /bearer|basic|digest|token/i.test(s), to: (_m, scheme) => `${scheme} ${MASK}` },
  // A run of token characters, judged whole by `looksRandom` (lookaheads in the pattern itself would rescan
  // the run from every position: quadratic on a long body).
  { re: /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{32,}={0,2}/g, test: (s) => s.length >= 32 && looksRandom(s), to: (m) => (looksRandom(m) ? MASK : m) },
];


/** `errors.not_found`, `validation.share_query`: the names of messages, which secret-named fields may hold. */
const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/** Only texts at least this long are remembered as secrets (shorter ones would mask ordinary values). */
const MIN_KNOWN = 8;
/** Secrets remembered at most (the newest): each text is searched for each of them. */
const MAX_KNOWN = 128;

/**
 * A masker: by name and shape, and by every value it has masked by name before (a token seen in a login's
 * answer is masked when it shows again in a query string, a frame, a text body). Kept per journal.
 */
export function createMasker() {
  const known = new Set<string>();

  function remember(value: string) {
    if (value.length < MIN_KNOWN || value.length > 4096 || value === MASK || known.has(value)) return;
    known.add(value);
    if (known.size > MAX_KNOWN) known.delete(known.values().next().value!);
  }

  /** A text with every known secret and secret shape in it replaced. */
  function maskText(text: string): string {
    let out = text;
    // `includes` first: a plain substring search per secret is fast where one alternation would not be.
    for (const secret of known) if (out.includes(secret)) out = out.replaceAll(secret, MASK);
    for (const { re, test, to } of SHAPES) if (test(out)) out = out.replace(re, to as string);
    return out;
  }

  /**
   * The value of a secret-named field: masked whole, and remembered. A dotted identifier is a name, not a secret
   * (a refusal's `key` is its message key, `errors.not_found`): it stays.
   */
  function secretValue(value: unknown): unknown {
    if (typeof value === 'string' && MESSAGE_KEY.test(value)) return value;
    if (typeof value === 'string') remember(value);
    else if (typeof value === 'number') remember(String(value));
    return value === null || value === '' ? value : MASK;
  }

  /** A header's value: secret names masked whole, cookies by pair (names kept), the rest by shape. */
  function header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (lower === 'cookie' || lower === 'set-cookie') {
      return value.replace(/(^|;\s*|,\s*)([^=;,\s]+)=([^;,]*)/g, (_m, sep, k, v: string) => {
        remember(v);
        return `${sep}${k}=${MASK}`;
      });
    }
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      const [scheme, credential] = value.split(/\s+/, 2);
      if (credential) remember(credential);
      return credential ? `${scheme} ${MASK}` : MASK;
    }
    if (isSecretName(lower)) return secretValue(value) as string;
    return maskText(value);
  }

  return { maskText, secretValue, header, remember, isSecretName };
}
export type Masker = ReturnType<typeof createMasker>;

/** Appended where a body was cut: how much there was and how much is kept. */
export const cutMarker = (bytes: number, kept: number) => `…[cut: ${bytes.toLocaleString('en')} bytes, the first ${kept.toLocaleString('en')} kept]`;

/** Deeper than this a value is kept as a marker: a hostile body nested 100,000 deep must not overflow the stack. */
const MAX_DEPTH = 32;
export const TOO_DEEP = '[nested too deep]';

/**
 * `value` masked (by name, shape and known secrets), as JSON text of at most about `cap` characters: the walk
 * stops once the text is that long, so a 1 MB body costs a few KiB of work and memory. `cut` tells whether it
 * stopped early; the text then is not JSON (the marker follows it).
 */
export function maskedJson(value: unknown, masker: Masker, cap: number): { text: string; cut: boolean } {
  let text = '';
  let cut = false;
  const push = (s: string) => {
    text += s;
    if (text.length >= cap) cut = true;
  };
  // Once cut, nothing more is walked: what would follow lies past `cap` and is sliced off anyway. (A walk that
  // went on through the rest of a 200,001-element array cost the journal 10 ms a request.)
  // `secret`: under a secret-named field, where every scalar is masked (`passwords: ["a", "b"]` too).
  const walk = (v: unknown, depth: number, secret: boolean): void => {
    // A comma or key may have reached the cap: the value after it is not even looked at (nor remembered).
    if (cut) return;
    if (secret && v !== null && typeof v !== 'object') return push(JSON.stringify(masker.secretValue(v)));
    if (v === null) return push('null');
    // JSON's own spelling of a number is String's for finite ones; NaN and ±Infinity are null.
    if (typeof v === 'number') return push(Number.isFinite(v) ? String(v) : 'null');
    if (typeof v === 'boolean') return push(v ? 'true' : 'false');
    if (typeof v === 'string') return push(JSON.stringify(masker.maskText(v.length > cap ? v.slice(0, cap) : v)));
    if (typeof v !== 'object') return push('null');
    if (depth >= MAX_DEPTH) return push(JSON.stringify(TOO_DEEP));
    if (Array.isArray(v)) {
      push('[');
      for (let i = 0; i < v.length && !cut; i++) {
        if (!(i in v)) continue; // a hole is skipped with its comma, as forEach skipped it
        if (i > 0) push(',');
        walk(v[i], depth + 1, secret);
      }
      return push(']');
    }
    push('{');
    let first = true;
    for (const k of Object.keys(v)) {
      if (cut) return;
      const item = (v as Record<string, unknown>)[k];
      if (item === undefined) continue;
      push(`${first ? '' : ','}${JSON.stringify(k)}:`);
      first = false;
      walk(item, depth + 1, secret || isSecretName(k));
    }
    push('}');
  };
  walk(value, 0, false);
  return cut ? { text: text.slice(0, cap), cut: true } : { text, cut: false };
}
