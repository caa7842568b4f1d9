// The QR feature's public face: my card's QR code.
export { MyQrCard } from './components/my-qr-card';
