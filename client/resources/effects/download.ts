/**
 * Save text as a file in the browser (CSV exports, SVG QR codes). The only DOM side effect the resource
 * engine has; sagas reach it with `yield call(downloadText, …)` so tests can run without a download.
 */
export function downloadText(fileName: string, text: string, mime: string): void {
  downloadBlob(fileName, new Blob([text], { type: mime }));
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke on the next task: Chromium starts the download from the click, the URL must live until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Download a data: URL (a PNG from a canvas) under a file name. */
export function downloadDataUrl(fileName: string, dataUrl: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
