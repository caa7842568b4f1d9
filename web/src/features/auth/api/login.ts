// POST /common/pub/login with a password or a verification code; stores the session.
import { LoginResultSchema } from '@protocol/account';
import { apiPost } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';

export type LoginCredentials = { account: string; password: string } | { account: string; code: string };

export async function login(credentials: LoginCredentials): Promise<void> {
  const result = await apiPost('/common/pub/login', credentials, LoginResultSchema);
  storage.setSession(result.authToken, result.tokenExpired);
  storage.setUserInfo(result.userInfo);
}
