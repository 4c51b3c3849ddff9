import { describe, expect, it } from 'vitest';
import { Theme } from '../../contracts/index.ts';
import type { MediaPreference } from '../../client/io/effects/browser-effects.ts';
import { createAppStore } from '../../client/app/store.ts';
import { uiEvents } from '../../client/state/ui-slice.ts';
import { fakeEffects, until } from './helpers/fake-effects.ts';

/** The theme follows the system (prefers-color-scheme) through the effect layer until the user picks one. */
function fakeScheme(dark: boolean) {
  const listeners = new Set<(m: boolean) => void>();
  const pref: MediaPreference = {
    matches: () => dark,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { pref, listeners, set: (d: boolean) => ((dark = d), listeners.forEach((l) => l(d))) };
}

describe('theme from the system', () => {
  it('starts dark on a dark system, follows changes, and stops (listener gone, nothing saved) once the user picks', async () => {
    const scheme = fakeScheme(true);
    const fx = fakeEffects({});
    const store = createAppStore({ ...fx.effects, prefersDark: scheme.pref });
    expect(store.getState().ui.theme).toBe(Theme.values.dark);
    expect(fx.effects.storage.get('theme')).toBeNull();

    scheme.set(false);
    expect(store.getState().ui.theme).toBe(Theme.values.light);
    scheme.set(true);
    expect(store.getState().ui.theme).toBe(Theme.values.dark);

    store.dispatch(uiEvents.themeChanged(Theme.values.light));
    await until(() => scheme.listeners.size === 0);
    scheme.set(true);
    expect(store.getState().ui.theme).toBe(Theme.values.light);
    expect(fx.effects.storage.get('theme')).toBe(String(Theme.values.light));
  });

  it('never follows the system when a choice was saved earlier', () => {
    const scheme = fakeScheme(true);
    const fx = fakeEffects({}, { theme: String(Theme.values.light) });
    const store = createAppStore({ ...fx.effects, prefersDark: scheme.pref });
    expect(store.getState().ui.theme).toBe(Theme.values.light);
    expect(scheme.listeners.size).toBe(0);
  });
});
