// What other features may use of qr-codes (lint: features meet only through their index.ts).
export { QrImage } from './components/qr-image.tsx';
