// getContacts' group rows: one ChatSummary per group I am in (D1's projection), with my
// chat state from my UserHub. A group is filed under '#' and counts as online.
// Its `account` is '' (the reference's is `group-N`): the field stays, as the original mobile client
// searches contacts by it, but a chat key is nobody's account, and as one every search by account
// for "group" or a digit listed every group.
import * as v from 'valibot';

import type { MyGroupRow } from '../db/group-projection';
import {
  DEFAULT_GROUP_SETTING,
  type GroupSetting,
  GroupSettingInput,
  GroupSettingSchema,
  type SystemLine,
} from '../protocol/groups';
import { groupChatKey } from '../protocol/ids';
import type { ChatSummary } from '../protocol/responses';
import type { MessageType } from '../protocol/wire';

interface ChatState {
  hidden: number;
  is_top: number;
  is_notice: number;
  unread: number;
  last_content: string;
  last_undo: number;
  last_send_time: number;
  last_from: number;
  last_type: string;
  is_at: number;
  at_msg_id: number;
  last_system: SystemLine | null;
}

/**
 * The projection's setting text, checked as every other input is: the keys it holds over the
 * defaults (a row written before its first projection has none), and the defaults for anything
 * that does not parse.
 */
export function settingOf(text: string): GroupSetting {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_GROUP_SETTING;
  }
  const given = v.safeParse(GroupSettingInput, raw);
  const merged = v.safeParse(GroupSettingSchema, { ...DEFAULT_GROUP_SETTING, ...(given.success ? given.output : {}) });
  return merged.success ? merged.output : DEFAULT_GROUP_SETTING;
}

export function groupSummary(
  row: MyGroupRow,
  chat: ChatState | undefined,
  isType: (t: string) => t is MessageType,
  collage: { name: string; avatar: string }[] = [],
  nameOf: (userId: number) => string = () => '',
): ChatSummary {
  const id = groupChatKey(row.group_id);
  const visible = chat && !chat.hidden;
  const lastFromName = visible && chat.last_from ? nameOf(chat.last_from) : '';
  return {
    id,
    user_id: 0,
    realname: row.name,
    displayName: row.name,
    avatar: row.avatar,
    motto: '',
    index: '#',
    is_group: 1,
    is_online: 1,
    last_seen: 0,
    account: '',
    setting: settingOf(row.setting),
    role: row.role,
    owner_id: row.owner_id,
    groupUserCount: row.member_count,
    is_top: chat?.is_top ?? 0,
    is_notice: chat?.is_notice ?? 1,
    unread: visible ? chat.unread : 0,
    is_at: visible ? chat.is_at : 0,
    at_msg_id: visible ? chat.at_msg_id : 0,
    lastContent: visible ? chat.last_content : '',
    lastContentUndo: visible ? chat.last_undo : 0,
    lastSendTime: visible ? chat.last_send_time : 0,
    lastFrom: visible ? chat.last_from : 0,
    type: visible && isType(chat.last_type) ? chat.last_type : undefined,
    lastSystem: visible ? chat.last_system : null,
    ...(lastFromName ? { lastFromName } : {}),
    ...(row.avatar ? {} : { collage }),
  };
}
