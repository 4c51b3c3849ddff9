import { envelope, fileAdd, UPLOAD_FIELD, uploadedFile, type UploadedFile } from '../../contracts/index.ts';
import type { CallContext } from './call-api.ts';
import { ApiError } from './errors.ts';

/** Upload one file through `file/add`; answers its stored URL (for product, picture and icon forms). */
export type UploadFile = (file: Blob, context: CallContext, fileName?: string) => Promise<UploadedFile>;

/**
 * The one place the console builds a multipart body: `file/add` takes FormData with the file in `file`
 * (contracts/calls/upload.ts). Like `createCallApi` it gets fetch from the effect layer, unwraps the envelope
 * and turns a refusal into an ApiError with the server's translated message ('File upload limit exceeded' …).
 * The browser sets the multipart Content-Type with its boundary, so none is given here.
 */
export function createUploadFile(fetchImpl: typeof fetch, baseUrl = ''): UploadFile {
  return async (file, context, fileName) => {
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, fileName ?? ((file as Partial<File>).name || 'upload'));
    const headers: Record<string, string> = { 'Accept-Language': context.language };
    if (context.token) headers.token = context.token;
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}/api/${fileAdd.path}`, { method: 'POST', headers, body: form });
    } catch {
      throw new ApiError(fileAdd.path, 0, '');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiError(fileAdd.path, res.status, '');
    }
    const parsed = envelope(uploadedFile).safeParse(json);
    const message = parsed.success ? (parsed.data.message ?? '') : '';
    if (!parsed.success || !res.ok || !parsed.data.status || !parsed.data.data) {
      const about = parsed.success ? { field: parsed.data.field, key: parsed.data.key, params: parsed.data.params } : {};
      throw new ApiError(fileAdd.path, res.ok ? 400 : res.status, message, 'answered', about);
    }
    return parsed.data.data;
  };
}
