// The shapes of a user sent to clients (reference §1.1 userInfo): never the hash.
import type { UserRow } from '../db/users';

export function selfView(row: UserRow) {
  return {
    user_id: row.user_id,
    id: row.user_id,
    account: row.account,
    realname: row.realname,
    displayName: row.realname,
    avatar: row.avatar,
    email: row.email,
    sex: row.sex,
    motto: row.motto,
    role: row.role,
    is_auth: row.is_auth,
    status: row.status,
    last_login_time: row.last_login_time,
  };
}

/** Another user's card: the account is masked as in the original (first 3 + ****** + last 2). */
export function publicView(row: UserRow) {
  const { account } = row;
  const masked = account.length > 5 ? `${account.slice(0, 3)}******${account.slice(-2)}` : account;
  return {
    user_id: row.user_id,
    id: row.user_id,
    account: masked,
    realname: row.realname,
    displayName: row.realname,
    avatar: row.avatar,
    sex: row.sex,
    motto: row.motto,
  };
}

export type SelfView = ReturnType<typeof selfView>;
