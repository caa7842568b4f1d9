// POST /enterprise/im/getQrCode: my card's QR link, valid 7 days (spec §5).
import { apiPost } from '@web/lib/api-client';
import { QrCodeSchema, type QrCode } from '@protocol/people';

export type { QrCode };

export const getQrCode = (): Promise<QrCode> => apiPost('/enterprise/im/getQrCode', {}, QrCodeSchema);
