import { randomInt } from 'node:crypto';
import type { UserRow } from './users.ts';

/** Administrators see and change every user's rows; everyone else only their own. */
export const isAdmin = (user: UserRow): boolean => user.role_kind === 'super_admin' || user.role_kind === 'admin';

/** The owner id to scope statements by: undefined for administrators (no scope). */
export const ownerScope = (user: UserRow): number | undefined => (isAdmin(user) ? undefined : user.id);

/** LIKE pattern for a substring, with the wildcards of the input escaped (use with ESCAPE '\\'). */
export const likeSubstring = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Random code of letters and digits, for generated file names, passwords and short codes. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** One instance per database (prepared statements are built once, not per request). */
export function perDatabase<D extends object, T>(factory: (db: D) => T): (db: D) => T {
  const cache = new WeakMap<D, T>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) cache.set(db, (value = factory(db)));
    return value;
  };
}
