import { createAction } from '@reduxjs/toolkit';

/** The console booted (dispatched once by main.tsx after the store exists). Start-up sagas listen to it. */
export const appStarted = createAction('app/started');

/**
 * The hash route changed (dispatched by main.tsx from the router's subscription, once at start too). Sagas
 * that depend on the page (message polling, share refresh) follow it instead of reading `location`.
 */
export const routeChanged = createAction<{ pathname: string; search: string }>('app/routeChanged');
