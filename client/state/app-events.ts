import { createAction } from '@reduxjs/toolkit';

/** The console booted (dispatched once by main.tsx after the store exists). Start-up sagas listen to it. */
export const appStarted = createAction('app/started');
