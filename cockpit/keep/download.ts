/** Hand the browser a file to save (an anchor with `download`, as the console's Debug menu does). */
export function download(name: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}

/** A file-name stamp of now: `2026-11-29T09-12-03-123Z`. */
export const stampOf = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
