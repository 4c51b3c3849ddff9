/** What other features may use of the QR-code feature. */
export { QrImage } from './components/qr-image.tsx';
