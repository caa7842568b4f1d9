// POST /common/pub/logout: the server revokes the token; the caller ends the local session.
import * as v from 'valibot';

import { apiPost } from '@web/lib/api-client';

export async function logout(): Promise<void> {
  await apiPost('/common/pub/logout', {}, v.unknown());
}
