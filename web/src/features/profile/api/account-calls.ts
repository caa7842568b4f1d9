// The signed-in user's own account calls: profile fields, avatar upload, password
// and account changes. Every answer that carries my record replaces the stored `userInfo` and
// the cached query at once, so the mine tab and every screen reading it redraw without a refetch.
import type { QueryClient } from '@tanstack/react-query';

import { SessionSchema, type UserInfo, UserInfoSchema } from '@protocol/account';
import { AvatarResultSchema } from '@protocol/people';
import { apiPost, apiPostForm, whileTokenChanges } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';

export const USER_INFO_KEY = ['user-info'] as const;

/** Stores my record and shows it everywhere at once. */
export function keepUserInfo(client: QueryClient, user: UserInfo): UserInfo {
  // A refetch sent before the change answers the older record: it must not land after this one.
  void client.cancelQueries({ queryKey: USER_INFO_KEY });
  storage.setUserInfo(user);
  client.setQueryData(USER_INFO_KEY, user);
  return user;
}

export interface ProfileChanges {
  realname?: string;
  email?: string;
  motto?: string;
  /** 0 female, 1 male, 2 unknown. */
  sex?: number;
}

export async function updateProfile(client: QueryClient, changes: ProfileChanges): Promise<UserInfo> {
  const user = await apiPost('/enterprise/im/updateUserInfo', changes, UserInfoSchema);
  return keepUserInfo(client, user);
}

/** Uploads the cropped picture; my stored record takes the new address. */
export async function uploadAvatar(
  client: QueryClient,
  picture: Blob,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  const extension = picture.type === 'image/webp' ? 'webp' : 'jpg';
  form.append('file', picture, `avatar.${extension}`);
  const { avatar } = await apiPostForm('/common/upload/uploadAvatar', form, AvatarResultSchema, {
    onUploadProgress: onProgress,
  });
  const current = client.getQueryData<UserInfo>(USER_INFO_KEY) ?? storage.getUserInfo();
  if (current) keepUserInfo(client, { ...current, avatar });
  return avatar;
}

export type PasswordChange = { password: string; originalPassword: string } | { password: string; code: string };

/**
 * Changes my password. The server signs every other session out and answers a fresh token for
 * this one, which is stored at once (the old token no longer works).
 */
export function changePassword(change: PasswordChange): Promise<void> {
  // The socket closes with the old token at the same time: its next ticket waits for this one.
  return whileTokenChanges(
    apiPost('/enterprise/im/editPassword', change, SessionSchema).then((session) =>
      storage.setSession(session.authToken, session.tokenExpired),
    ),
  );
}

export interface AccountChange {
  /** The new account. */
  account: string;
  /** The code sent to the new account. */
  newCode: string;
  /** The code sent to the current account ('' when it is not verified yet). */
  code: string;
  /** My password, the proof while the current account is not verified (no code can reach it). */
  password?: string;
}

export async function changeAccount(client: QueryClient, change: AccountChange): Promise<UserInfo> {
  const user = await apiPost('/enterprise/im/editAccount', change, UserInfoSchema);
  return keepUserInfo(client, user);
}
