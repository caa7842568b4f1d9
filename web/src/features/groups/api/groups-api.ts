// The group calls, read with the protocol's own schemas
// (worker/protocol/groups.ts). Every change answers the group's card as the caller now sees it.
import * as v from 'valibot';

import {
  type GroupCard,
  GroupCardSchema,
  type GroupInfo,
  GroupInfoSchema,
  type GroupMember,
  GroupMemberSchema,
  GroupScanCardSchema,
  type GroupSetting,
  type Pickable,
  PickableListSchema,
} from '@protocol/groups';
import { apiPost, apiPostEnvelope, apiPostForm } from '@web/lib/api-client';

export type { GroupCard, GroupInfo, GroupMember, GroupSetting, Pickable };

export const fetchGroupInfo = (groupId: string) =>
  apiPost('/enterprise/group/groupInfo', { group_id: groupId }, GroupInfoSchema);

/** Members a page are loaded at a time on the member list (a group may have 500). */
export const MEMBER_PAGE = 50;

/** Every member (limit 0), owner first, then admins. */
export async function fetchMembers(groupId: string): Promise<GroupMember[]> {
  const { data } = await apiPostEnvelope(
    '/enterprise/group/groupUserList',
    { group_id: groupId, limit: 0, page: 1 },
    v.array(GroupMemberSchema),
  );
  return data;
}

/** One page of `limit` members (1-based), in the same order, with how many there are in all. */
export async function fetchMemberPage(
  groupId: string,
  page: number,
  limit = MEMBER_PAGE,
): Promise<{ members: GroupMember[]; total: number }> {
  const { data, count } = await apiPostEnvelope(
    '/enterprise/group/groupUserList',
    { group_id: groupId, limit, page },
    v.array(GroupMemberSchema),
  );
  return { members: data, total: count ?? data.length };
}

/** People I may pick: friends in run mode 2, everyone otherwise; with a group, its members but the owner. */
export const fetchPickable = (chosen: number[] = [], groupId?: string) =>
  apiPost(
    '/enterprise/group/getAllUser',
    groupId ? { user_ids: chosen, group_id: groupId } : { user_ids: chosen },
    PickableListSchema,
  );

export const createGroup = (userIds: number[], name: string) =>
  apiPost('/enterprise/group/add', { user_ids: userIds, name }, GroupCardSchema);

const change = (path: string, body: object): Promise<GroupCard> =>
  apiPost(`/enterprise/group/${path}`, body, GroupCardSchema);

export const addMembers = (id: string, userIds: number[]) => change('addGroupUser', { id, user_ids: userIds });
/** Kicks `userId`, or leaves the group when it is me. */
export const removeMember = (id: string, userId: number) => change('removeUser', { id, user_id: userId });
export const setAdmin = (id: string, userId: number, admin: boolean) =>
  change('setManager', { id, user_id: userId, role: admin ? 2 : 3 });
export const transferOwner = (id: string, userId: number) => change('changeOwner', { id, user_id: userId });
export const setNotice = (id: string, notice: string) => change('setNotice', { id, notice });
export const renameGroup = (id: string, displayName: string) => change('editGroupName', { id, displayName });
export const changeSetting = (id: string, setting: Partial<GroupSetting>) => change('groupSetting', { id, setting });
/** timer 1–4: 10 min, 1 h, 3 h, 1 day; 0 with `days` days; 0 with 0 days ends the mute. */
export const muteMember = (id: string, userId: number, timer: number, days = 0) =>
  change('setNoSpeak', { id, user_id: userId, noSpeakTimer: timer, noSpeakDay: days });
/** My nickname in this group; '' clears it. */
export const setMyNickname = (id: string, nickname: string) => change('setNickname', { id, nickname });
/** Deletes every message of the group, for everyone (the owner, or a system admin). */
export const clearHistory = (id: string) => apiPost('/enterprise/group/clearMessage', { id }, v.unknown());

/** Uploads the group's cropped picture; answers the group's card with its new address. */
export function uploadGroupPicture(id: string, picture: Blob): Promise<GroupCard> {
  const form = new FormData();
  form.append('id', id);
  form.append('file', picture, `group.${picture.type === 'image/webp' ? 'webp' : 'jpg'}`);
  return apiPostForm('/enterprise/group/uploadAvatar', form, GroupCardSchema);
}
export const dissolveGroup = (id: string) => apiPost('/enterprise/group/removeGroup', { id }, v.unknown());
export const joinGroup = (token: string) => change('joinGroup', { token });
/** A manager retires every join QR handed out so far; answers the group with a new one. */
export const resetGroupQr = (id: string) => apiPost('/enterprise/group/resetQrcode', { id }, GroupInfoSchema);

/** The group a QR code names, as a card to join from. */
export const resolveGroupQr = (token: string) =>
  apiPost(`/scan/g/${encodeURIComponent(token)}`, {}, GroupScanCardSchema);
