// A group's system lines (messages of type 'event' carrying `extends.system`) are worded by the
// client in its own language: in the thread as a centred notice, and in the chat list's preview.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SYSTEM_KINDS, type SystemLine } from '@protocol/groups';

import { chatPreview } from '../../web/src/features/chat/components/chat-list/chat-preview';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import type { ChatMessage, Contact } from '../../web/src/features/chat/types';
import { groupEventText, systemLineOf } from '../../web/src/features/chat/utils/group-event-text';
import { i18n } from '../../web/src/lib/i18n';

const ME = 7;
const an = { id: 1, name: 'An' };
const binh = { id: 2, name: 'Bình' };
const me = { id: ME, name: 'Me' };
const line = (kind: SystemLine['kind'], extra: Partial<SystemLine> = {}): SystemLine => ({
  kind,
  actor: an,
  targets: [binh],
  ...extra,
});
const text = (l: SystemLine) => groupEventText(l, ME, i18n.t);

function eventMessage(system: SystemLine): ChatMessage {
  return {
    msg_id: 3,
    seq: 3,
    id: 'sys-1',
    type: 'event',
    content: '',
    extends: { system },
    pid: 0,
    sendTime: 1,
    from_user: system.actor.id,
    fromUser: {
      id: system.actor.id,
      user_id: system.actor.id,
      realname: system.actor.name,
      displayName: system.actor.name,
      avatar: '',
    },
    is_undo: 0,
    file: null,
    status: 'succeed',
    toContactId: 'group-5',
    toUser: 'group-5',
    is_group: 1,
    is_read: 0,
  };
}

describe('group system lines', () => {
  it('words every kind in English, with "You" for me opening the sentence and "you" inside it', () => {
    expect(text(line('created', { targets: [] }))).toBe('An created the group');
    expect(text(line('added', { targets: [binh, me] }))).toBe('An added Bình, you');
    expect(text(line('admin', { targets: [me] }))).toBe('An made you a group admin');
    expect(text(line('admin'))).toBe('An made Bình a group admin');
    expect(text(line('left', { actor: me, targets: [] }))).toBe('You left the group');
    expect(text(line('renamed', { name: 'Trip' }))).toBe('An renamed the group to "Trip"');
    expect(text(line('dissolved', { targets: [] }))).toBe('An dissolved the group');
    for (const kind of SYSTEM_KINDS) expect(text(line(kind)), kind).not.toMatch(/groupEvents\.|\{\{/);
  });

  it('words them in Vietnamese and Chinese too', async () => {
    await i18n.changeLanguage('vi');
    expect(text(line('removed'))).toBe('An đã mời Bình ra khỏi nhóm');
    expect(text(line('owner'))).toBe('An đã chuyển quyền trưởng nhóm cho Bình');
    expect(text(line('admin', { actor: binh, targets: [me] }))).toBe('Bình đã đặt bạn làm phó nhóm');
    expect(text(line('left', { actor: me, targets: [] }))).toBe('Bạn đã rời nhóm');
    await i18n.changeLanguage('zh-CN');
    expect(text(line('created', { targets: [] }))).toBe('An创建了群聊');
    expect(text(line('added', { targets: [binh, me] }))).toBe('An邀请Bình、你加入了群聊');
  });

  it('words who changed the send mode and who cleared the history, in each language', async () => {
    await i18n.changeLanguage('en');
    expect(text(line('sendMode', { targets: [], mode: 1 }))).toBe('An let only group admins send messages');
    expect(text(line('sendMode', { targets: [], mode: 0 }))).toBe('An let everyone send messages');
    expect(text(line('cleared', { actor: me, targets: [] }))).toBe('You cleared the chat history');
    await i18n.changeLanguage('vi');
    expect(text(line('sendMode', { targets: [], mode: 2 }))).toBe('An đã chỉ cho trưởng nhóm gửi tin nhắn');
    expect(text(line('cleared', { targets: [] }))).toBe('An đã xóa lịch sử trò chuyện');
    await i18n.changeLanguage('zh-CN');
    expect(text(line('sendMode', { targets: [], mode: 1 }))).toBe('An设置为仅群管理员可发言');
    expect(text(line('cleared', { targets: [] }))).toBe('An清空了聊天记录');
    await i18n.changeLanguage('en');
  });

  it("says until when a member is muted, in the reader's clock", () => {
    const until = new Date(new Date().getFullYear(), 0, 2, 9, 5).getTime() / 1000;
    expect(text(line('muted', { until }))).toBe('An muted Bình until Jan 2, 09:05');
  });

  it('reads a system line only from a valid extends.system', () => {
    expect(systemLineOf({ system: line('muted', { until: 100 }) })).toMatchObject({ kind: 'muted', until: 100 });
    expect(systemLineOf({ system: { kind: 'hacked', actor: an, targets: [] } })).toBeNull();
    expect(systemLineOf(null)).toBeNull();
  });

  it('shows the line in the thread as a notice, not as a recalled message', () => {
    render(
      <MessageRow
        message={eventMessage(line('unadmin'))}
        mine={false}
        isGroup
        read={false}
        recallDraft={null}
        me={ME}
        onMenu={() => {}}
        onFailedTap={() => {}}
        onReedit={() => {}}
      />,
    );
    expect(screen.getByText('An removed Bình as group admin')).toBeTruthy();
    expect(screen.queryByText(/recalled/)).toBeNull();
  });

  it('previews the last line in the chat list, and a generic line when only the list knows of it', () => {
    const group: Contact = {
      id: 'group-5',
      displayName: 'Trip',
      avatar: '',
      is_group: 1,
      is_online: 1,
      is_top: 0,
      is_notice: 1,
      unread: 0,
      lastContent: '',
      lastSendTime: 1,
      type: 'event',
    };
    const ctx = { me: ME, nameOf: () => undefined, t: i18n.t };
    expect(chatPreview({ ...group, lastSystem: line('admin', { targets: [me] }) }, ctx)).toBe(
      'An made you a group admin',
    );
    expect(chatPreview(group, ctx)).toBe('The group was updated');
  });

  it('names who sent a group\'s last message ("Chi: …"), not mine nor a one-to-one chat\'s', async () => {
    const group: Contact = {
      id: 'group-5',
      displayName: 'Trip',
      avatar: '',
      is_group: 1,
      is_online: 1,
      is_top: 0,
      is_notice: 1,
      unread: 1,
      lastContent: 'see you at 7',
      lastSendTime: 1,
      type: 'text',
      lastFrom: 3,
    };
    const ctx = { me: ME, nameOf: (id: number) => (id === 3 ? 'Chi' : undefined), t: i18n.t };
    expect(chatPreview(group, ctx)).toBe('Chi: see you at 7');
    expect(chatPreview({ ...group, type: 'image', lastContent: '/file/9' }, ctx)).toBe('Chi: [Image]');
    expect(chatPreview({ ...group, lastFrom: ME }, ctx)).toBe('see you at 7');
    expect(chatPreview({ ...group, id: '3', is_group: 0 }, ctx)).toBe('see you at 7');
    await i18n.changeLanguage('zh-CN');
    expect(chatPreview(group, ctx)).toBe('Chi：see you at 7');
    await i18n.changeLanguage('en');
  });

  it('names a sender the list does not know by the server\'s lastFromName, and shows the announcement as "[Announcement] …", not "[@ me]", in three languages', async () => {
    const group: Contact = {
      id: 'group-5',
      displayName: 'Trip',
      avatar: '',
      is_group: 1,
      is_online: 1,
      is_top: 0,
      is_notice: 1,
      unread: 1,
      lastContent: 'see you',
      lastSendTime: 1,
      type: 'text',
      lastFrom: 22,
    };
    const ctx = { me: ME, nameOf: (id: number) => (id === 22 ? 'Chi' : undefined), t: i18n.t };
    expect(chatPreview(group, ctx)).toBe('Chi: see you');
    expect(chatPreview({ ...group, lastFromName: 'Chi Nguyễn' }, ctx)).toBe('Chi Nguyễn: see you');
    expect(chatPreview({ ...group, lastFrom: ME }, ctx)).toBe('see you');
    expect(chatPreview({ ...group, type: 'image', lastContent: '' }, ctx)).toBe('Chi: [Image]');
    const notice = { ...group, lastContent: 'Meeting at 9', lastSystem: line('notice', { targets: [] }) };
    expect(chatPreview(notice, ctx)).toBe('[Announcement] Meeting at 9');
    await i18n.changeLanguage('vi');
    expect([chatPreview(group, ctx), chatPreview(notice, ctx)]).toEqual([
      'Chi: see you',
      '[Thông báo nhóm] Meeting at 9',
    ]);
    await i18n.changeLanguage('zh-CN');
    expect([chatPreview(group, ctx), chatPreview(notice, ctx)]).toEqual(['Chi：see you', '[群公告] Meeting at 9']);
    await i18n.changeLanguage('en');
  });
});
