// The shapes of a user sent to clients (the original's userInfo): never the hash.
import type { PresenceRow, UserRow } from '../db/users';
import type { UserInfo, UserSetting } from '../protocol/account';
import type { ContactCard } from '../protocol/responses';
import { maskAccount } from './account-mask';
import { letterIndex } from './contact-index';

export { maskAccount };

/**
 * The client preferences the reference's login answers as `userInfo.setting` (theme, send key, sound,
 * round avatars, hidden names and times): the original web client's own defaults, in the types the
 * reference normalises them to, until that client saves its own (db/user-settings.ts).
 */
export const DEFAULT_USER_SETTING: UserSetting = {
  theme: 'default',
  isVoice: true,
  sendKey: 1,
  avatarCricle: false,
  hideMessageName: false,
  hideMessageTime: false,
};

export type { UserSetting };

export function selfView(row: UserRow, setting: UserSetting = DEFAULT_USER_SETTING): UserInfo {
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
    // Whether this is one of the shared demo accounts (the security page offers its changes by it).
    is_demo: row.is_demo,
    status: row.status,
    last_login_time: row.last_login_time,
    setting: { ...setting },
  };
}

/** Another user's card: the account masked. */
export function publicView(row: UserRow) {
  return {
    user_id: row.user_id,
    id: row.user_id,
    account: maskAccount(row.account),
    realname: row.realname,
    displayName: row.realname,
    avatar: row.avatar,
    sex: row.sex,
    motto: row.motto,
  };
}

/**
 * When an offline user was last seen (unix seconds): the time their presence row went offline. 0
 * while online, or when unknown (never connected, or a row still saying online for a user who is not).
 */
export function lastSeenOf(presence: PresenceRow | null | undefined, online: boolean): number {
  return !online && presence?.online === 0 ? presence.updated_at : 0;
}

/** A one-to-one contact as the address book and the chat header show it. */
export function contactView(
  row: Pick<UserRow, 'user_id' | 'realname' | 'avatar' | 'motto'>,
  online: boolean,
  lastSeen = 0,
): ContactCard {
  return {
    id: row.user_id,
    user_id: row.user_id,
    realname: row.realname,
    displayName: row.realname,
    avatar: row.avatar,
    motto: row.motto,
    index: letterIndex(row.realname),
    is_group: 0,
    is_online: online ? 1 : 0,
    last_seen: lastSeen,
  };
}
