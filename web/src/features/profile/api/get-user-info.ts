// POST /enterprise/im/getUserInfo: the signed-in user's own record. The stored copy shows at
// once; the server's copy replaces it and is stored again.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { type UserInfo, UserInfoSchema } from '@protocol/account';
import { apiPost } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';

/** `signal`: the query's; a fetch cancelled by a save (keepUserInfo) must not store the older record. */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const user = await apiPost('/enterprise/im/getUserInfo', {}, UserInfoSchema);
  if (!signal?.aborted) storage.setUserInfo(user);
  return user;
}

export const userInfoQuery = () =>
  queryOptions({
    queryKey: ['user-info'],
    queryFn: ({ signal }) => getUserInfo(signal),
    initialData: storage.getUserInfo(),
    // The stored copy is only a starting point: fetch at once, keep showing it if that fails.
    initialDataUpdatedAt: 0,
  });

export const useUserInfo = () => useQuery(userInfoQuery());
