import { PSEUDO_TAG } from '../../../contracts/index.ts';
import { pseudoOn } from '../pseudo-switch.ts';
import { createCallApi, type CallApi } from '../call-api.ts';
import { ApiError } from '../errors.ts';
import { publicCall } from '../public-calls.ts';
import type { UploadFile } from '../upload-file.ts';
import { encryptWith, importPublicKey } from '../crypto.ts';
import { browserSocketFactory, type SocketFactory } from './socket.ts';
import { webStorage, type KeyValueStorage } from '../storage.ts';

export type ToastIntent = 'success' | 'danger' | 'warning' | 'primary';

/** An i18n key of the console or a text the server already translated (same shape as state/message.ts). */
export type ToastMessage = { readonly key: string; readonly vars?: Readonly<Record<string, string | number>> } | { readonly text: string };

/**
 * Everything a saga may do to the outside world. Sagas read it with `getContext('effects')`, so a test runs
 * the real sagas with a fake one (see tests/client). Nothing outside client/io, sagas and effects folders
 * touches fetch, WebSocket, timers or location.
 */
export interface Effects {
  callApi: CallApi;
  /** `file/add` (multipart); optional so fakes without uploads still type-check. */
  uploadFile?: UploadFile;
  /** RSA-OAEP encrypt a password under the server's public key (fetched once, then cached). */
  encryptPassword(plain: string, language: 'zh-CN' | 'en'): Promise<string>;
  storage: KeyValueStorage;
  /** Go to a hash route, e.g. `/customer/home`. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current hash route path (without `#`). */
  currentPath(): string;
  reload(): void;
  toast(message: ToastMessage, intent: ToastIntent): void;
  setDocumentTitle(title: string): void;
  setFavicon(href: string): void;
  userAgent: string;
  /** Opens the real-time socket (client/io/effects/socket.ts); null when the browser has no WebSocket (§8). */
  openSocket: SocketFactory | null;
  /** A number in [0, 1): reconnect jitter. Tests pass a fixed sequence. */
  random(): number;
  /** Epoch ms: frame timestamps and the dev event recorder. */
  now(): number;
  /** `(prefers-color-scheme: dark)`; absent or null where the browser cannot tell (tests, old browsers). */
  prefersDark?: MediaPreference | null;
  /** Whether the tab is shown (`document.visibilityState === 'visible'`) and its changes; absent: always shown. */
  pageVisible?: MediaPreference | null;
}

function documentVisibility(): MediaPreference | null {
  if (typeof document === 'undefined' || typeof document.visibilityState !== 'string') return null;
  const visible = () => document.visibilityState === 'visible';
  return {
    matches: visible,
    subscribe(onChange) {
      const listener = () => onChange(visible());
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

function mediaPreference(query: string): MediaPreference | null {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
  if (!list) return null;
  return {
    matches: () => list.matches,
    subscribe(onChange) {
      const listener = (e: MediaQueryListEvent) => onChange(e.matches);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
  };
}

/** A media query the sagas follow (prefers-color-scheme): its state now, and a subscription to changes. */
export interface MediaPreference {
  matches(): boolean;
  /** Returns the unsubscribe. */
  subscribe(onChange: (matches: boolean) => void): () => void;
}

export interface BrowserEffectsDeps {
  navigate(to: string, options?: { replace?: boolean }): void;
  currentPath(): string;
  toast(message: ToastMessage, intent: ToastIntent): void;
}

/**
 * fetch, asking in the test-only pseudo language (`en-XA`) instead of English when its switch is on
 * (client/io/pseudo-switch.ts), so the server's texts come back pseudo-localised too.
 */
const consoleFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  if (headers.get('Accept-Language') === 'en' && pseudoOn('en')) headers.set('Accept-Language', PSEUDO_TAG);
  return fetch(input, { ...init, headers });
};

export function createBrowserEffects(deps: BrowserEffectsDeps): Effects {
  const callApi = createCallApi(consoleFetch);
  let key: Promise<CryptoKey> | null = null;
  return {
    callApi,
    // Uploads happen behind login only: the multipart helper (and its schemas) are fetched on the first one.
    uploadFile: async (file, context, fileName) => {
      const upload = await import('../upload-file.ts').catch(() => {
        throw new ApiError('', 0, ''); // the chunk did not arrive: as if the server did not answer
      });
      return upload.createUploadFile(consoleFetch)(file, context, fileName);
    },
    async encryptPassword(plain, language) {
      key ??= callApi(publicCall('publicKey'), {}, { token: null, language }).then((k) => importPublicKey(k.spki));
      try {
        return await encryptWith(await key, plain);
      } catch (e) {
        key = null; // the next attempt fetches the key again (server restarted with a new key, network blip)
        throw e;
      }
    },
    storage: webStorage(globalThis.localStorage),
    navigate: deps.navigate,
    currentPath: deps.currentPath,
    reload: () => window.location.reload(),
    toast: deps.toast,
    setDocumentTitle: (title) => {
      document.title = title;
    },
    setFavicon: (href) => {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.href = href;
    },
    userAgent: navigator.userAgent,
    openSocket: browserSocketFactory(),
    random: () => Math.random(),
    now: () => Date.now(),
    prefersDark: mediaPreference('(prefers-color-scheme: dark)'),
    pageVisible: documentVisibility(),
  };
}
