import type { Effects } from '../../io/effects/browser-effects.ts';
import { createRecorder, type Recorder } from './effects/recorder.ts';
import { createEffectQueue, createSendEffects } from './effects/effect-shipping.ts';
import { recorderSaga } from './sagas/recorder-saga.ts';
import { shipEffectsSaga } from './sagas/ship-effects-saga.ts';
import { DebugMenu } from './components/debug-menu.tsx';

/**
 * DEV ONLY: main.tsx imports this module dynamically behind `import.meta.env.DEV`, so a production build
 * contains none of it (checked by tests/e2e/realtime.e2e.test.ts on the built bundle).
 * Wrap the effect layer before the store exists, then `attach` the recording saga to the store.
 */
export function installDebug(base: Effects) {
  const recorder: Recorder = createRecorder(base);
  // The recorder's events also go to the mock's journal, for the QA cockpit's time line (effect-shipping.ts).
  const shipping = createEffectQueue(recorder);
  return {
    recorder,
    shipping,
    effects: recorder.effects,
    attach(store: { injectModule(m: { reducers: Record<string, never>; sagas: readonly (() => Generator<unknown, void, unknown>)[] }): void }) {
      store.injectModule({ reducers: {}, sagas: [recorderSaga(recorder), shipEffectsSaga(shipping, createSendEffects())] });
    },
    DebugMenu,
  };
}
