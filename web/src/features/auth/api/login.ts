// POST /common/pub/login with a password or a verification code; stores the session.
import * as v from 'valibot';

import { apiPost } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';
import { UserInfoSchema } from '@web/lib/user-info';

const LoginResultSchema = v.object({
  authToken: v.string(),
  tokenExpired: v.pipe(v.union([v.number(), v.string()]), v.transform(Number)),
  userInfo: UserInfoSchema,
});

export type LoginCredentials = { account: string; password: string } | { account: string; code: string };

export async function login(credentials: LoginCredentials): Promise<void> {
  const result = await apiPost('/common/pub/login', credentials, LoginResultSchema);
  storage.setSession(result.authToken, result.tokenExpired);
  storage.setUserInfo(result.userInfo);
}
