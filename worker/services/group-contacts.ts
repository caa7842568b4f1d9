// getContacts' group rows (issue 13): one ChatSummary per group I am in (D1's projection), with my
// chat state from my UserHub. A group is filed under '#' (reference §9.7) and counts as online.
import type { MyGroupRow } from '../db/group-projection';
import { DEFAULT_GROUP_SETTING, type GroupSetting } from '../protocol/groups';
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
}

export function groupSummary(row: MyGroupRow, chat: ChatState | undefined, isType: (t: string) => t is MessageType): ChatSummary {
  const id = `group-${row.group_id}`;
  const visible = chat && !chat.hidden;
  let setting: GroupSetting = DEFAULT_GROUP_SETTING;
  try {
    setting = { ...DEFAULT_GROUP_SETTING, ...(JSON.parse(row.setting) as Partial<GroupSetting>) };
  } catch {
    // A row written before its first projection: the defaults.
  }
  return {
    id, user_id: 0, realname: row.name, displayName: row.name, avatar: row.avatar, motto: '', index: '#',
    is_group: 1, is_online: 1, last_seen: 0, account: id, setting, role: row.role, owner_id: row.owner_id, groupUserCount: row.member_count,
    is_top: chat?.is_top ?? 0, is_notice: chat?.is_notice ?? 1,
    unread: visible ? chat.unread : 0,
    is_at: visible ? chat.is_at : 0,
    at_msg_id: visible ? chat.at_msg_id : 0,
    lastContent: visible ? chat.last_content : '',
    lastContentUndo: visible ? chat.last_undo : 0,
    lastSendTime: visible ? chat.last_send_time : 0,
    lastFrom: visible ? chat.last_from : 0,
    type: visible && isType(chat.last_type) ? chat.last_type : undefined,
  };
}
