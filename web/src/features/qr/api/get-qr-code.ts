// POST /enterprise/im/getQrCode: my card's QR link, valid 7 days.
import { type QrCode, QrCodeSchema } from '@protocol/people';
import { apiPost } from '@web/lib/api-client';

export type { QrCode };

export const getQrCode = (): Promise<QrCode> => apiPost('/enterprise/im/getQrCode', {}, QrCodeSchema);
