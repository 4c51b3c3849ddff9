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
  const key = (p: Path) => p.map(String).join('.');
  const driftedBefore = new Set(checkAnswer(call, status, answer).map((d) => d.field));
  const draws = new Map(paths.map((p) => [key(p), drawsFrom(`${call} ${key(p)}`)]));
  let pending = paths.filter((p) => typeof valueAt(answer, p) !== 'object');
  for (let tries = 0; pending.length && tries < MAX_TRIES; tries++) {
    for (const p of pending) setAt(out, p, lookAlike(valueAt(answer, p), draws.get(key(p))!));
    const refused = new Set(checkAnswer(call, status, out).map((d) => d.field));
    pending = pending.filter((p) => refused.has(key(p)) && !driftedBefore.has(key(p)));
  }
  return { answer: out, misfits: pending.map(key) };
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
