// The scan feature's public face: the QR scanner (camera or picture). The decoder loads with it.
export { QrScanner } from './components/qr-scanner';
