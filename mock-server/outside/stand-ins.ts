import { createHash, randomBytes } from 'node:crypto';
import { maskSecrets } from '../control/journal.ts';
import { checkAnswer } from './drift.ts';

/**
 * What a recording keeps in place of a secret in an answer (a token, a session key, a generated password): a
 * stand-in of the same shape, never the real value, so a replayed answer still meets its contract and the
 * console accepts it (a bare `***` failed `realtime_key`'s 44 characters, and the login form said "Login
 * failed"). Which fields are secret is the journal's masking rule (maskSecrets), whatever it grows into: every
 * value it changes gets a stand-in. The stand-in keeps length and character classes (digits, hexadecimal and
 * other letters in each case; every other character as it is), so base64, hex, UUID, JWT and e-mail shapes
 * stay what they are; the call's contract then judges it, and a stand-in it refuses (a UUID's version digit, a
 * pattern) is drawn again until it fits. The characters come from a hash of the field's place and a counter,
 * never from the secret.
 */

type Path = readonly (string | number)[];

const CLASSES = ['0123456789', 'abcdef', 'ghijklmnopqrstuvwxyz', 'ABCDEF', 'GHIJKLMNOPQRSTUVWXYZ'];
const classOf = (c: string) => CLASSES.find((k) => k.includes(c));

/** A stream of pseudo-random bytes from `seed` (sha256 in counter mode): repeatable, unrelated to any secret. */
function drawsFrom(seed: string): () => number {
  let block = Buffer.alloc(0);
  let counter = 0;
  let at = 0;
  return () => {
    if (at >= block.length) {
      block = createHash('sha256').update(`${seed}#${counter++}`).digest();
      at = 0;
    }
    return block[at++]!;
  };
}

/** A value shaped like `real` (same type; a string of the same length and character classes). */
export function lookAlike(real: unknown, draw: () => number): unknown {
  if (typeof real === 'string') {
    return [...real].map((c) => {
      const k = classOf(c);
      return k ? k[draw() % k.length]! : c;
    }).join('');
  }
  if (typeof real === 'number') {
    if (!Number.isFinite(real)) return real;
    const digits = String(Math.trunc(Math.abs(real))).length;
    const low = digits === 1 ? 0 : 10 ** (digits - 1);
    const n = low + ((draw() * 65_536 + draw() * 256 + draw()) % (10 ** digits - low));
    return Math.sign(real) < 0 ? -n : n;
  }
  if (typeof real === 'boolean') return draw() % 2 === 0;
  return real;
}

/** The places where `masked` differs from `real` (leaves only): the secrets the masking rule found. */
function secretPaths(real: unknown, masked: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (real !== null && typeof real === 'object' && masked !== null && typeof masked === 'object') {
    for (const key of Object.keys(real)) {
      const k: string | number = Array.isArray(real) ? Number(key) : key;
      secretPaths((real as Record<string, unknown>)[key], (masked as Record<string, unknown>)[key], [...at, k], out);
    }
  } else if (!Object.is(real, masked)) out.push(at);
  return out;
}

const valueAt = (v: unknown, path: Path): unknown => path.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), v);

function setAt(v: unknown, path: Path, value: unknown): void {
  const parent = valueAt(v, path.slice(0, -1));
  if (parent !== null && typeof parent === 'object') (parent as Record<string | number, unknown>)[path.at(-1)!] = value;
}

/** How many draws a stand-in gets to fit its contract before the recording keeps it as it is (and says so). */
const MAX_TRIES = 64;

const key = (p: Path) => p.map(String).join('.');

/**
 * Draw a stand-in for each of `secrets` in `out` (a clone of the answer, changed in place) until the call's
 * contract accepts it, at most MAX_TRIES times; `draw(t, next)` makes try number `t`'s value. Returns the fields
 * still refused. A field refused for another reason before (`drifted`) gets one draw and is not retried.
 */
function fitStandIns(call: string, status: number, out: unknown, secrets: readonly { path: Path; draw: (t: number, next: () => number) => unknown }[], drifted: ReadonlySet<string>): string[] {
  const draws = new Map(secrets.map((s) => [key(s.path), drawsFrom(`${call} ${key(s.path)}`)]));
  let pending = [...secrets];
  for (let tries = 0; pending.length && tries < MAX_TRIES; tries++) {
    for (const s of pending) setAt(out, s.path, s.draw(tries, draws.get(key(s.path))!));
    const refused = new Set(checkAnswer(call, status, out).map((d) => d.field));
    pending = pending.filter((s) => refused.has(key(s.path)) && !drifted.has(key(s.path)));
  }
  return pending.map((s) => key(s.path));
}

/**
 * `answer` (a call's whole JSON body) with each secret replaced by a stand-in the contract accepts. `misfits`:
 * the fields whose stand-in still does not fit after MAX_TRIES draws (the recorder logs them); a field the real
 * answer already broke is not retried (that is drift, reported apart).
 */
export function withStandIns(call: string, status: number, answer: unknown): { answer: unknown; misfits: string[] } {
  const masked = maskSecrets(answer);
  const paths = secretPaths(answer, masked);
  if (!paths.length) return { answer, misfits: [] };
  const out = structuredClone(answer);
  // A subtree the masking cut off whole (nested too deep) stays as the masking left it: no stand-in, no value.
  for (const p of paths) if (typeof valueAt(answer, p) === 'object') setAt(out, p, valueAt(masked, p));
  const drifted = new Set(checkAnswer(call, status, answer).map((d) => d.field));
  const secrets = paths.filter((p) => typeof valueAt(answer, p) !== 'object').map((p) => ({ path: p, draw: (_t: number, next: () => number) => lookAlike(valueAt(answer, p), next) }));
  return { answer: out, misfits: fitStandIns(call, status, out, secrets, drifted) };
}

/** What a recording made before stand-ins existed kept in place of every secret, whatever its type. */
const OLD_MASK = '***';
/** A string no answer holds: a leaf that reads `***` is replaced by it to see whether the masking rule hides it. */
const PROBE = '\u0000not-a-secret\u0000';

/**
 * Shapes tried in turn for a secret an older recording kept as `***` (its real shape is gone): a 32-byte base64
 * key (the session key's shape), 64 hexadecimal digits (a token's), a UUID, a number, a yes/no. The contract
 * picks: the first shape it accepts stays.
 */
const OLD_MASK_SHAPES: readonly ((next: () => number) => unknown)[] = [
  (next) => Buffer.from(Array.from({ length: 32 }, next)).toString('base64'),
  (next) => Buffer.from(Array.from({ length: 32 }, next)).toString('hex'),
  (next) => lookAlike('8f14e45f-ceea-467f-a0e6-1b2c3d4e5f60', next),
  (next) => lookAlike(100_000, next),
  (next) => lookAlike(false, next),
];

/** Paths of the leaves of `answer` that read `***` where the masking rule hides a secret. */
function oldMaskPaths(answer: unknown): Path[] {
  const probe = JSON.parse(JSON.stringify(answer ?? null), (_k, v: unknown) => (v === OLD_MASK ? PROBE : v)) as unknown;
  return secretPaths(probe, maskSecrets(probe)).filter((p) => valueAt(probe, p) === PROBE);
}

/**
 * An answer of a recording made before stand-ins existed, its secrets kept as `***` (a `token`, a `realtime_key`,
 * a `totp_enabled` yes/no alike), with a stand-in the contract accepts in each one's place: the replay reads old
 * recordings through this, so the console's answer check passes as it does for new ones. `upgraded`: how many
 * it replaced; `misfits` as withStandIns.
 */
export function withStandInsForOldMasks(call: string, status: number, answer: unknown): { answer: unknown; upgraded: number; misfits: string[] } {
  const paths = oldMaskPaths(answer);
  if (!paths.length) return { answer, upgraded: 0, misfits: [] };
  const out = structuredClone(answer);
  const own = new Set(paths.map(key));
  // Fields refused for another reason than their `***` are drift of the real service, not ours to mend.
  const drifted = new Set(checkAnswer(call, status, answer).map((d) => d.field).filter((f) => !own.has(f)));
  const secrets = paths.map((p) => ({ path: p, draw: (t: number, next: () => number) => OLD_MASK_SHAPES[t % OLD_MASK_SHAPES.length]!(next) }));
  return { answer: out, upgraded: paths.length, misfits: fitStandIns(call, status, out, secrets, drifted) };
}

/**
 * A fresh random value shaped like `like` (a session token the replay hands out, shaped like the recorded
 * stand-in). A shape with too few letters and digits to be unguessable (`***` of an older recording) gives 64
 * hexadecimal characters instead.
 */
export function freshLike(like: string): string {
  const draw = drawsFrom(randomBytes(32).toString('hex'));
  return (like.match(/[0-9A-Za-z]/g) ?? []).length >= 16 ? (lookAlike(like, draw) as string) : randomBytes(32).toString('hex');
}
