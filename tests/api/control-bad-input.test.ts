import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, controlBodies, qaControlBodies, shieldControlBodies } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { snapshot } from '../helpers/db-snapshot.ts';

/**
 * Bad input to every control endpoint (`/__control/*`): wrong types, unknown fields, missing fields, numbers
 * and texts out of range, bodies that are not objects or not JSON. Each gets a 4xx naming the problem (the field
 * it concerns beside the sentence) and changes nothing: the database, the fault tables, the sockets, the journal.
 * The cases are made from each endpoint's contract, so a new endpoint or field is covered by adding its valid
 * body below (the table must name every endpoint).
 */

/** A valid body of every endpoint, as small as the contract allows: the cases are made by spoiling it. */
const VALID: Record<string, Record<string, unknown>> = {
  push: { to: { account: 'customer01' }, type: 50 },
  broadcast: { type: 50 },
  close: { to: { account: 'customer01' } },
  drop_all: {},
  http_fault: { path: 'message/inquire', status: 500 },
  clear_faults: {},
  reset: { keep_sessions: false },
  state: {},
  job_step: {},
  mysql_lock: { thread_id: 1, query: 'SELECT 1' },
  telegram_sent: {},
  telegram_bind: { to: { account: 'customer01' }, platform_account: 'qa', chat_id: 1 },
  mysql_slow_thread: { thread_id: 1, time: 1, sql: 'SELECT 1' },
  'chain/send': { amount_micro: 1 },
  'chain/mine': {},
  'chain/fail_next': {},
  'chain/replay': { hash: 'a'.repeat(64) },
  'chain/state': {},
  journal: {},
  'journal/count': {},
  'journal/clear': {},
  'journal/stats': {},
  'state/save': { name: 'x' },
  'state/load': { name: 'x' },
  'state/list': {},
  frame_fault: { to: { account: 'customer01' }, action: 'drop' },
  cut: { to: { account: 'customer01' } },
  clear_frame_faults: {},
  console_effects: { session: 'abcdefgh', effects: [{ t: 1, n: 1, output: 'reload', replayed: true }] },
  'shield/mark': { domain: 'a.example.com', status: 2 },
  'shield/run': {},
  'shield/state': {},
};

const SCHEMAS: Record<string, z.ZodType> = {
  ...controlBodies,
  ...qaControlBodies,
  ...Object.fromEntries(Object.entries(shieldControlBodies).map(([k, v]) => [`shield/${k}`, v])),
};

/** zod's internals, read to make cases: a schema's kind, what it wraps, its bounds (zod 4). */
interface Inspected {
  _zod: { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> } };
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
}
const inspect = (s: z.ZodType) => s as unknown as Inspected;
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly']);
function unwrap(s: z.ZodType): z.ZodType {
  let x = s;
  while (WRAPPERS.has(inspect(x)._zod.def.type)) x = inspect(x)._zod.def.innerType!;
  return x;
}
const required = (s: z.ZodType) => !['optional', 'default', 'prefault'].includes(inspect(s)._zod.def.type);
const shapeOf = (s: z.ZodType) => (inspect(s)._zod.def.type === 'object' ? inspect(s)._zod.def.shape ?? null : null);

/** Values of the wrong type for a field of this kind (checked against the schema before use). */
function wrongValues(s: z.ZodType): unknown[] {
  switch (inspect(unwrap(s))._zod.def.type) {
    case 'string':
      return [12345, true];
    case 'number':
      return ['12', 1.5, null];
    case 'boolean':
      return ['yes', 1];
    case 'object':
    case 'record':
      return ['not an object', [1]];
    case 'array':
      return ['not a list', { 0: 1 }];
    default:
      return ['no-such-value', 999_999, { nested: true }];
  }
}

/** Values out of range for a number or a text with bounds (bounds past ±10^12 are the safe-integer ones). */
function outOfRange(s: z.ZodType): [string, unknown][] {
  const x = inspect(unwrap(s));
  const out: [string, unknown][] = [];
  const near = (n: number | null | undefined): n is number => typeof n === 'number' && Math.abs(n) < 1e12;
  if (near(x.minValue)) out.push([`below its minimum ${x.minValue}`, x.minValue - 1]);
  if (near(x.maxValue)) out.push([`above its maximum ${x.maxValue}`, x.maxValue + 1]);
  if (typeof x.maxLength === 'number') out.push([`longer than ${x.maxLength} characters`, 'x'.repeat(x.maxLength + 1)]);
  if (typeof x.minLength === 'number' && x.minLength > 0) out.push(['empty', '']);
  return out;
}

interface Case {
  endpoint: string;
  what: string;
  /** The raw body sent (JSON text, or what JSON.stringify makes of it). */
  body: string;
  /** The field the answer must name ('' for the body as a whole), or null when any (or none) will do. */
  field: string | null;
  status: number;
}

/** Spoil `valid` at `at` (a field path) with `value`; undefined removes the field. */
function spoiled(valid: Record<string, unknown>, at: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(valid);
  let node = copy;
  for (const key of at.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = at[at.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** The field a failed parse names, as the server words it (call-checks.ts describeIssue). */
function fieldOf(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const at = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  return at.map(String).join('.');
}

function casesOf(endpoint: string): Case[] {
  const schema = SCHEMAS[endpoint]!;
  const valid = VALID[endpoint]!;
  const cases: Case[] = [
    { endpoint, what: 'a list instead of an object', body: '[]', field: '', status: 400 },
    { endpoint, what: 'a number instead of an object', body: '42', field: null, status: 400 },
    { endpoint, what: 'null instead of an object', body: 'null', field: null, status: 400 },
    { endpoint, what: 'text that is not JSON', body: '{"oops": ', field: null, status: 400 },
    { endpoint, what: 'a body over 100 KB', body: JSON.stringify({ ...valid, pad: 'x'.repeat(110_000) }), field: null, status: 413 },
    { endpoint, what: 'an unknown field', body: JSON.stringify({ ...valid, zz_unknown: 1 }), field: 'zz_unknown', status: 400 },
  ];
  const add = (what: string, body: Record<string, unknown>) => {
    const field = fieldOf(schema, body);
    // Only input the contract itself refuses is bad input (a value it accepts is a valid call).
    if (field !== null) cases.push({ endpoint, what, body: JSON.stringify(body), field, status: 400 });
  };
  const walk = (shape: Record<string, z.ZodType>, at: string[]) => {
    for (const [key, field] of Object.entries(shape)) {
      const here = [...at, key];
      const name = here.join('.');
      if (required(field) && at.length === 0) add(`${name} missing`, spoiled(valid, here, undefined));
      for (const wrong of wrongValues(field)) add(`${name} of the wrong type (${JSON.stringify(wrong)})`, spoiled(valid, here, wrong));
      for (const [words, value] of outOfRange(field)) add(`${name} ${words}`, spoiled(valid, here, value));
      const inner = shapeOf(unwrap(field));
      if (inner && at.length === 0) {
        add(`${name} with an unknown field`, spoiled(valid, [...here, 'zz_unknown'], 1));
        walk(inner, here);
      }
    }
  };
  walk(shapeOf(schema) ?? {}, []);
  return cases;
}

let t: TestServer;
let dir: string;
beforeAll(async () => {
  // A database file: named states refuse an in-memory one for their own reason, which would hide a body's.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'control-bad-input-'));
  t = await startTestServer({ dbPath: path.join(dir, 'mock.db') });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(endpoint: string, body: string, method = 'POST') {
  const res = await fetch(`${t.url}${CONTROL_PREFIX}/${endpoint}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    ...(method === 'POST' ? { body } : {}),
  });
  const text = await res.text();
  let json: { status?: boolean; message?: string; field?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // Asserted below: every answer is the envelope.
  }
  return { status: res.status, json, text };
}

/** Everything a control call could change: the database, the tables of faults, the sockets, the journal. */
async function everything() {
  const state = await post('state', '{}');
  const list = await post('state/list', '{}');
  const journal = await post('journal/stats', '{}');
  const shield = await post('shield/state', '{}');
  return { db: snapshot(t.db), state: state.json, list: list.json, journal: journal.json, shield: shield.json };
}

describe('bad input to every control endpoint', () => {
  it('the table names every endpoint of the control contracts', () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(SCHEMAS).sort());
    for (const [name, body] of Object.entries(VALID)) expect(SCHEMAS[name]!.safeParse(body).success, name).toBe(true);
  });

  const cases = Object.keys(VALID).flatMap(casesOf);

  it(`gets a 4xx naming the problem and changes nothing (${cases.length} cases)`, async () => {
    const before = await everything();
    const failures: string[] = [];
    for (const c of cases) {
      const res = await post(c.endpoint, c.body);
      const where = `${c.endpoint}, ${c.what}: ${res.status} ${res.text.slice(0, 200)}`;
      if (process.env.SHOW_CASES) console.log(`${c.endpoint} | ${c.what} | ${res.status} ${res.json.field ?? ''} | ${res.json.message}`);
      if (res.status !== c.status) failures.push(`${where} (expected ${c.status})`);
      else if (res.json.status !== false || !res.json.message) failures.push(`${where} (not the refusal envelope)`);
      else if (c.field !== null && (res.json.field ?? '') !== c.field) failures.push(`${where} (expected field '${c.field}')`);
      // The sentence itself names the field (a developer reads it in a terminal, without the envelope's `field`).
      else if (c.field && !res.json.message.includes(c.field)) failures.push(`${where} (the message does not name '${c.field}')`);
    }
    expect(failures).toEqual([]);
    expect(await everything()).toEqual(before);
  }, 120_000);

  it('an unknown operation and another method are refused naming them, in the envelope', async () => {
    const unknown = await post('no_such_thing', '{}');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: false, message: 'No control operation is named no_such_thing' });
    const chain = await post('chain/nope', '{}');
    expect(chain.status).toBe(404);
    expect(chain.json.message).toMatch(/chain\/nope/);
    const get = await post('state', '', 'GET');
    expect(get.status).toBe(405);
    expect(get.json).toMatchObject({ status: false, message: "Control operations take POST, with the operation's fields in the body" });
  });
});
