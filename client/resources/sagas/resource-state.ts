import type { PayloadAction } from '@reduxjs/toolkit';
import { select } from 'redux-saga/effects';
import type { Saga } from '../../state/sagas/call.ts';
import { selectResource, type ResourceState, type WithResources } from '../resource-slice.ts';

/** An action about one resource (its name in the payload), as the resource sagas take them. */
export type Named<P = object> = PayloadAction<{ readonly resource: string } & P>;

/** One resource's state in the store. */
export function* stateOf(name: string): Saga<ResourceState> {
  return (yield select((s: WithResources) => selectResource(s, name))) as ResourceState;
}
