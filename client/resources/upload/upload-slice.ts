import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserMessage } from '../../state/message.ts';

/** One upload of an image field, by a request id the field chose: its outcome (the stored URL). */
export type UploadState =
  | { readonly status: 'loading' }
  | { readonly status: 'succeeded'; readonly url: string }
  | { readonly status: 'failed'; readonly error: UserMessage };

export type UploadsState = Readonly<Record<string, UploadState>>;

/**
 * The File itself stays out of the store (actions and state stay serializable): the field parks it here
 * under its request id and the saga takes it out. Emptied as each upload starts.
 */
const parked = new Map<string, Blob>();
export const parkFile = (id: string, file: Blob): void => void parked.set(id, file);
export const takeFile = (id: string): Blob | undefined => {
  const file = parked.get(id);
  parked.delete(id);
  return file;
};

export const uploadsSlice = createSlice({
  name: 'uploads',
  initialState: {} as UploadsState,
  reducers: {
    /** A field asked for a file to be uploaded (parked under `id` first). */
    requested: (s, a: PayloadAction<{ id: string }>) => ({ ...s, [a.payload.id]: { status: 'loading' } }),
    uploaded: (s, a: PayloadAction<{ id: string; url: string }>) => ({ ...s, [a.payload.id]: { status: 'succeeded', url: a.payload.url } }),
    failed: (s, a: PayloadAction<{ id: string; error: UserMessage }>) => ({ ...s, [a.payload.id]: { status: 'failed', error: a.payload.error } }),
    /** The field took the outcome (or was closed): forget it. */
    cleared: (s, a: PayloadAction<{ ids: string[] }>) => {
      const next = { ...s };
      for (const id of a.payload.ids) delete next[id];
      return next;
    },
  },
});

export const uploadEvents = uploadsSlice.actions;
export type WithUploads = { readonly uploads?: UploadsState };
const NONE: UploadsState = {};
export const selectUploads = (s: WithUploads): UploadsState => s.uploads ?? NONE;
