import { createAction } from '@reduxjs/toolkit';

/** The console booted (dispatched once by main.tsx after the store exists). Start-up sagas listen to it. */
export const appStarted = createAction('app/started');

/**
 * The hash route changed (dispatched by main.tsx from the router's subscription, once at start too). Sagas
 * that depend on the page (message polling, share refresh) follow it instead of reading `location`.
 */
export const routeChanged = createAction<{ pathname: string; search: string }>('app/routeChanged');

/**
 * A polling loop's timer woke it for the tick its cadence made due at `due` (state/sagas/cadence.ts). The dev
 * recorder places what the tick does at `due`, where a replay's virtual clock fires it: a timer that fires late,
 * after an answer or a frame came in, does not move the tick across that event.
 */
export const loopTicked = createAction<{ due: number }>('app/loopTicked');
