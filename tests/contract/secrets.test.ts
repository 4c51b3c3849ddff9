import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { calls, SECRET_MASK, type CallDef } from '../../contracts/index.ts';

/**
 * Issue 20, secrets are write-only: every field of every response schema named like a key, secret, token or
 * password must be masked ('' | '******', `maskedSecret`) or be one of the few answers whose point is to hand
 * the caller their own new credential, listed here with the reason. A new field fails until it is one or the other.
 */
const SECRET_NAME = /key|secret|token|password|passwd|private|totp|credential/i;

/** Answered on purpose: `call path › field path` → why. */
const ANSWERED: Readonly<Record<string, string>> = {
  'admin/register › token': "the session token just issued to the caller (the login's whole point)",
  'admin/login › token': "the session token just issued to the caller (the login's whole point)",
  'admin/user_info › token': "the caller's own token, sent by the caller in the request's header",
  'admin/register › realtime_key': "this session's real-time key, to the session's own holder only",
  'admin/login › realtime_key': "this session's real-time key, to the session's own holder only",
  'admin/user_info › realtime_key': "this session's real-time key, to the session's own holder only",
  'user/add › password': 'a generated password, answered once to the administrator who set it (null when typed)',
  'administrators/add › password': 'a generated password, answered once to the super administrator who set it (null when typed)',
  'user/reset_password › password': 'a generated password, answered once to the administrator who reset it (null when typed)',
  'admin/totp_generate › secret': 'the TOTP secret being bound, shown once to its own user to scan; not stored until confirmed',
  'wallet/reveal_key › private_key': 'super administrators only, with confirm: true, written to the audit log',
  'wallet/inquire › content.[].public_key': 'the public half of a key pair',
  'wallet/add › public_key': 'the public half of a key pair',
  'image_config/inquire › access_key_id': 'the public identifier of the storage key pair (the secret is masked)',
  'image_config/update › access_key_id': 'the public identifier of the storage key pair (the secret is masked)',
  // A QR code's share password is handed out with its share link by the owner: their lists show it to them.
  'qr_code_list/add › password': "the code's share password, to the code's owner (and administrators)",
  'qr_code_list/update › password': "the code's share password, to the code's owner (and administrators)",
  'qr_code_list/update_url › password': "the code's share password, to the code's owner (and administrators)",
  'qr_code_list/details › password': "the code's share password, to the code's owner (and administrators)",
  'qr_code_list/inquire › content.[].password': "the code's share password, to the code's owner (and administrators)",
  'qr_code_list/user_inquire › content.[].password': "the code's share password, to the code's owner (and administrators)",
};

type Node = z.core.$ZodType;
/** Every object field path of a schema whose name looks secret, with its schema. */
function secretFields(schema: Node, path: string[] = [], seen = new Set<Node>()): { path: string; schema: Node }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const out: { path: string; schema: Node }[] = [];
  const walk = (s: unknown, p: string[] = path) => s && out.push(...secretFields(s as Node, p, seen));
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, Node>)) {
        if (SECRET_NAME.test(k) && !carriesNoText(v)) out.push({ path: [...path, k].join('.'), schema: v });
        walk(v, [...path, k]);
      }
      break;
    case 'array':
      walk(def.element, [...path, '[]']);
      break;
    case 'union':
      for (const o of def.options as Node[]) walk(o);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType, [...path, '*']);
      break;
    case 'tuple':
      for (const i of def.items as Node[]) walk(i);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'lazy':
      walk((def.getter as () => Node)());
      break;
    default:
      for (const inner of ['innerType', 'schema'] as const) walk(def[inner]);
  }
  return out;
}

/** Flags and ids (`totp_enabled`, `api_key_set`, `url_key_platform_id`) cannot carry a secret's text. */
function carriesNoText(schema: Node): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'optional' || def.type === 'nullable') return carriesNoText(def.innerType as Node);
  return def.type === 'boolean' || def.type === 'number' || def.type === 'int';
}

/** Masked: only '' and the mask can be answered (through optional/nullable wrappers). */
function isMasked(schema: Node): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'optional' || def.type === 'nullable') return isMasked(def.innerType as Node);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>).every((v) => v === '' || v === SECRET_MASK);
  if (def.type === 'literal') return (def.values as unknown[]).every((v) => v === '' || v === SECRET_MASK);
  return false;
}

const registered = calls as readonly CallDef[];
const found = registered.flatMap((c) => secretFields(c.response).map((f) => ({ id: `${c.path} › ${f.path}`, masked: isMasked(f.schema) })));

describe('secrets in answers', () => {
  it('every secret-looking response field is masked or answered on purpose', () => {
    expect(found.filter((f) => !f.masked && !(f.id in ANSWERED)).map((f) => f.id)).toEqual([]);
  });
  it('the list of answered secrets names only fields that exist and are not masked', () => {
    const ids = new Set(found.filter((f) => !f.masked).map((f) => f.id));
    expect(Object.keys(ANSWERED).filter((k) => !ids.has(k))).toEqual([]);
  });
  it('finds the masked ones too (the walk reaches nested fields)', () => {
    expect(found.filter((f) => f.masked).map((f) => f.id)).toEqual(expect.arrayContaining(['url_key_platform/inquire › content.[].key', 'image_config/inquire › access_key_secret']));
  });
});
