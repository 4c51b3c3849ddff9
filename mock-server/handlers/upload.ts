import { badRequest } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';

/**
 * `file/add` is served by mock-server/uploads/router.ts when the body is multipart/form-data. A JSON body (or
 * any other kind) falls through to the call router, is checked for access and schema like every call, and
 * lands here: refused, nothing stored.
 */
export const uploadHandlers = defineHandlers({
  'file/add': () => {
    throw badRequest('errors.upload_multipart', { field: 'file' });
  },
});
