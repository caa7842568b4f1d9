// The QR feature's public face: my card's QR code.
export { MyQrCard } from './components/my-qr-card';
// The encoder and the saved picture, for other codes drawn the same way (a group's join code).
export { qrMatrix, qrPath } from './utils/qr-matrix';
export { cardPicture, download } from './utils/save-card';
