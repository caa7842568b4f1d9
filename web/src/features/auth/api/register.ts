// POST /common/pub/register; the new account then logs in like any other.
import * as v from 'valibot';

import { apiPost } from '@web/lib/api-client';

export interface Registration {
  account: string;
  realname: string;
  password: string;
  code?: string;
  inviteCode?: string;
}

export async function register(registration: Registration): Promise<void> {
  await apiPost('/common/pub/register', registration, v.unknown());
}
