import QRCode from 'qrcode';

/**
 * QR images are made here, in the browser, from the `qrcode` package: no image service and no API key
 * (the spec's original used a third-party service with a hard-coded key; this console does not).
 */
export interface QrMatrix {
  readonly size: number;
  isDark(x: number, y: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (x, y) => !!modules.get(y, x) };
}

/** SVG path data of the dark modules, one unit per module, offset by the quiet zone. */
export function qrPath(m: QrMatrix, margin: number): string {
  const parts: string[] = [];
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.isDark(x, y)) continue;
      // Merge runs of dark modules on a row into one rectangle: fewer nodes, smaller files.
      let run = 1;
      while (x + run < m.size && m.isDark(x + run, y)) run++;
      parts.push(`M${x + margin} ${y + margin}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return parts.join('');
}

/** A standalone SVG document (download), black on white with a 4-module quiet zone. */
export function qrSvg(text: string, pixels = 512): string {
  const m = qrMatrix(text);
  const margin = 4;
  const view = m.size + margin * 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${view} ${view}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges">` +
    `<rect width="${view}" height="${view}" fill="#fff"/><path d="${qrPath(m, margin)}" fill="#000"/></svg>`
  );
}

/** A PNG data URL drawn on a canvas, `scale` pixels per module. */
export function qrPngDataUrl(text: string, scale = 12): string {
  const m = qrMatrix(text);
  const margin = 4;
  const side = (m.size + margin * 2) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = '#000';
  for (let y = 0; y < m.size; y++) for (let x = 0; x < m.size; x++) if (m.isDark(x, y)) ctx.fillRect((x + margin) * scale, (y + margin) * scale, scale, scale);
  return canvas.toDataURL('image/png');
}
