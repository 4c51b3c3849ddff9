import { useMemo } from 'react';
import { qrMatrix, qrPath } from './qr-matrix.ts';

export interface QrImageProps {
  /** What the code encodes (the visit URL). */
  text: string;
  /** Rendered size in px. Default 128. */
  size?: number;
  /** Accessible name of the image. */
  label: string;
}

/** A QR code drawn as inline SVG, always black on white (scanners need the contrast, also in the dark theme). */
export function QrImage({ text, size = 128, label }: QrImageProps) {
  const { d, view } = useMemo(() => {
    const m = qrMatrix(text);
    return { d: qrPath(m, 2), view: m.size + 4 };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${view} ${view}`} shapeRendering="crispEdges" style={{ background: '#fff', borderRadius: 2 }}>
      <rect width={view} height={view} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
