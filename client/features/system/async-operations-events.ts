import { createAction } from '@reduxjs/toolkit';

/** The user asked for the result file of a finished export (the link column). */
export const downloadRequested = createAction<{ id: number }>('asyncOperations/downloadRequested');
