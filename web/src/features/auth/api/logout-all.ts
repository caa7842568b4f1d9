// POST /common/pub/logoutAll: the server ends every session of the user and closes their sockets.
import * as v from 'valibot';

import { apiPost } from '@web/lib/api-client';

export async function logoutAll(): Promise<void> {
  await apiPost('/common/pub/logoutAll', {}, v.unknown());
}
