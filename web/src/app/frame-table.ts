// Every frame type the signed-in app acts on, and the one handler that applies it: a frame that
// touches several stores (removeGroup: the chat list, the friend requests, the group's screens)
// is applied here once, in order, instead of by each store subscribing on its own.
import type { FrameOf, ServerFrameType } from '@protocol/frames';
import { isMessageEvent } from '@protocol/frames';

import { showToast } from '../components/ui/toast';
import { announcementChanged } from '../features/announcements';
import { callStore } from '../features/calls';
import { chatStore, typingStore } from '../features/chat';
import { friendsStore } from '../features/contacts';
import { groupCardChanged, groupChanged, groupJoined, groupLeft } from '../features/groups';
import { i18n } from '../lib/i18n';
import { fetchSystemInfo } from '../lib/system-info';

export type FrameTable = { [T in ServerFrameType]?: (frame: FrameOf<T>) => void };

/** The table for `me`, the signed-in user (a group's removeUser tells my removal from another's). */
export function frameTable(me: number): FrameTable {
  const chat = (frame: Parameters<typeof chatStore.receive>[0]) => chatStore.receive(frame);
  return {
    // A message, or a friend request for the 'system' inbox (the contacts feature's badge).
    simple: (f) => {
      if (!isMessageEvent(f.data)) return friendsStore.applied(f.data);
      // Their message arrived: they are done typing it (the chat's key is their id).
      typingStore.spoke(String(f.data.from_user), f.data.from_user);
      chat(f);
    },
    group: (f) => {
      typingStore.spoke(f.data.toContactId.toString(), f.data.from_user);
      chat(f);
    },
    typing: (f) => typingStore.heard(f.data),
    undoMessage: chat,
    isRead: chat,
    readAll: chat,
    setUnread: chat,
    setChatTop: chat,
    setIsNotice: chat,
    delChat: chat,
    isOnline: chat,
    updateUser: chat,
    updateMessage: chat,
    reaction: chat,
    resync: chat,
    offline: chat,
    clearMessage: chat,
    // An announcement published, changed or deleted: an open list reads them again; a new one is told
    // and left unread (Mine's dot) until the page is opened.
    announcement: (f) => {
      const isNew = f.data.status === 1 && f.data.update_time === f.data.create_time;
      announcementChanged(isNew);
      if (isNew) showToast(i18n.t('announcements.new', { title: f.data.title }));
    },
    // An operator saved the configuration: read it again (and whether this version is still supported).
    updateConfig: () => void fetchSystemInfo(true).catch(() => undefined),
    applyCount: (f) => friendsStore.counted(f.data),
    appendContact: (f) => {
      chat(f);
      friendsStore.changed();
    },
    // A friendship ended (a user id) or I am out of a group (its id).
    removeGroup: (f) => {
      chat(f);
      friendsStore.changed();
      groupLeft(String(f.data.group_id));
    },
    addGroup: (f) => {
      chat(f);
      groupJoined(f.data.id);
    },
    removeUser: (f) => {
      chat(f);
      if (f.data.user_id === me) groupLeft(f.data.group_id);
      else groupChanged(f.data.group_id);
    },
    editGroupName: (f) => {
      chat(f);
      groupCardChanged(f.data.id, { displayName: f.data.displayName, name: f.data.displayName });
    },
    groupAvatar: (f) => {
      chat(f);
      groupCardChanged(f.data.group_id, { avatar: f.data.avatar });
    },
    setNotice: (f) => groupCardChanged(f.data.group_id, { notice: f.data.notice }),
    groupSetting: (f) => groupCardChanged(f.data.group_id, { setting: f.data.setting }),
    addGroupUser: (f) => groupChanged(f.data.group_id),
    setManager: (f) => groupChanged(f.data.group_id),
    changeOwner: (f) => groupChanged(f.data.group_id),
    setNoSpeak: (f) => groupChanged(f.data.group_id),
    groupNickname: (f) => groupChanged(f.data.group_id),
    // A call's end updates its record in the chat; every call frame drives the call.
    webrtc: (f) => {
      chat(f);
      callStore.receive(f.data);
    },
  };
}
