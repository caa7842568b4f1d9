// The operator console's calls (/manage/…). Requests follow worker/protocol/manage.ts, answers are
// read with worker/protocol/console.ts's schemas; a refusal (demo mode, the last super admin) is
// shown by the API client.
import * as v from 'valibot';

import {
  type AuditRow,
  AuditRowSchema,
  type ConfigName,
  type ConfigRows,
  ConfigRowsSchema,
  type ConsoleMember as GroupMember,
  ConsoleMemberSchema,
  type DayCount,
  type Invitation,
  InvitationSchema,
  type ManagedGroup,
  ManagedGroupSchema,
  type ManagedUser,
  ManagedUserSchema,
  NewInvitationSchema,
  type Overview,
  OverviewSchema,
} from '@protocol/console';
import { apiPost, apiPostEnvelope } from '@web/lib/api-client';

export type {
  AuditRow,
  ConfigName,
  ConfigRows,
  DayCount,
  GroupMember,
  Invitation,
  ManagedGroup,
  ManagedUser,
  Overview,
};

/** A page of a list: its rows and how many there are in all. */
export interface Paged<T> {
  rows: T[];
  count: number;
}

async function list<T>(path: string, body: object, row: v.GenericSchema<unknown, T>): Promise<Paged<T>> {
  const { data, count } = await apiPostEnvelope(path, body, v.array(row));
  return { rows: data, count: count ?? data.length };
}

export const fetchOverview = () => apiPost('/manage/index/index', {}, OverviewSchema);

export type UserSort = 'user_id' | 'account' | 'realname' | 'create_time' | 'last_login_time';
export interface UserQuery {
  page: number;
  limit: number;
  keywords: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  /** Only this status (1 active, 0 disabled, 2 deleted); every user but the deleted when left out. */
  status?: number;
}
export const fetchUsers = (q: UserQuery) => list('/manage/user/index', q, ManagedUserSchema);
/** One user by id (a setting's agent or owner), quietly: an unknown id is shown as its number. */
export const fetchManagedUser = (user_id: number) =>
  apiPost('/manage/user/detail', { user_id }, ManagedUserSchema, { quiet: true });
export const setUserStatus = (user_id: number, status: 0 | 1) =>
  apiPost('/manage/user/setStatus', { user_id, status }, ManagedUserSchema);
export const setUserRole = (user_id: number, role: number) =>
  apiPost('/manage/user/setRole', { user_id, role }, ManagedUserSchema);
/** Deletes an account for good: its messages stay under "Deleted user". */
export const deleteUser = (user_id: number) => apiPost('/manage/user/del', { user_id }, v.unknown());
export const resetPassword = (user_id: number, password: string) =>
  apiPost('/manage/user/editPassword', { user_id, password }, v.unknown());
export interface NewUser {
  account: string;
  realname: string;
  password: string;
  email: string;
  sex: number;
}
export const addUser = (user: NewUser) => apiPost('/manage/user/add', user, ManagedUserSchema);
export interface UserEdit {
  realname: string;
  email: string;
  sex: number;
  remark?: string;
  cs_uid?: number;
}
export const editUser = (user_id: number, fields: UserEdit) =>
  apiPost('/manage/user/edit', { user_id, ...fields }, ManagedUserSchema);

/** The group hub's key for a group number (the /manage/group calls name a group by it). */
const key = (groupId: number) => `group-${groupId}`;
export const fetchGroups = (q: { page: number; limit: number; keywords: string }) =>
  list('/manage/group/index', q, ManagedGroupSchema);
export const fetchGroupMembers = async (groupId: number) =>
  (await list('/manage/group/users', { id: key(groupId) }, ConsoleMemberSchema)).rows;
export const addGroupMembers = (groupId: number, user_ids: number[]) =>
  apiPost('/manage/group/addGroupUser', { id: key(groupId), user_ids }, v.unknown());
export const removeGroupMember = (groupId: number, user_id: number) =>
  apiPost('/manage/group/delGroupUser', { id: key(groupId), user_id }, v.unknown());
/** role 2 makes a manager, 3 a plain member again. */
export const setGroupManager = (groupId: number, user_id: number, role: 2 | 3) =>
  apiPost('/manage/group/setManager', { id: key(groupId), user_id, role }, v.unknown());
export const changeGroupOwner = (groupId: number, user_id: number) =>
  apiPost('/manage/group/changeOwner', { id: key(groupId), user_id }, v.unknown());
export const dissolveGroup = (groupId: number) => apiPost('/manage/group/del', { id: key(groupId) }, v.unknown());
/** A super admin's: every message of the group, for every member (audited on the server). */
export const clearGroupHistory = (groupId: number) =>
  apiPost('/manage/group/clearMessage', { group_id: key(groupId) }, v.unknown());

export const fetchInvitations = (q: { page: number; limit: number }) =>
  list('/manage/invite/index', q, InvitationSchema);
export const addInvitation = (max_uses: number, days: number) =>
  apiPost('/manage/invite/add', { max_uses, days }, NewInvitationSchema);
export const revokeInvitation = (code: string) => apiPost('/manage/invite/revoke', { code }, v.unknown());

export const fetchConfig = (): Promise<ConfigRows> => apiPost('/manage/config/getAllConfig', {}, ConfigRowsSchema);
export const saveConfig = (name: ConfigName, value: Record<string, unknown>) =>
  apiPost('/manage/config/setConfig', { name, value }, v.unknown());

export const fetchAudit = (q: { page: number; limit: number; action: string }) =>
  list('/manage/audit/index', q, AuditRowSchema);
