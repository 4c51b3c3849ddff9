import type { Reducer } from '@reduxjs/toolkit';
import type { Saga } from '../state/sagas/call.ts';

/** A bundle of slices and sagas added to the running store (see session-modules.ts). */
export interface FeatureModule {
  readonly reducers: Readonly<Record<string, Reducer>>;
  readonly sagas: readonly (() => Saga<unknown>)[];
}
