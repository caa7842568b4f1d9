// Announcements: a super admin publishes, edits and deletes them; everyone online
// gets each change at once as an `announcement` frame; every signed-in user reads the ones still
// shown; an admin may read but not publish; bad input is refused with nothing stored; audited.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { call, loginUser, operator } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const notice = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/index/${path}`, body, { token: as.token, lang: 'en' });
const shown = async (as: User) =>
  (await call('/enterprise/im/announcements', {}, { token: as.token })).body.data as { id: number; title: string }[];

describe('announcements', () => {
  it('reach everyone online at once and stay listed for every user until deleted', async () => {
    const boss = await operator();
    const someone = await loginUser();
    const socket = await connect(someone.token, 'phone');
    await socket.next((f) => f.type === 'init');
    const published = await notice(boss, 'publishNotice', { title: 'Maintenance', content: 'Sunday 02:00–03:00 UTC' });
    expect(published.body).toMatchObject({ code: 0, data: { title: 'Maintenance', status: 1 } });
    const id = published.body.data.id as number;
    expect((await socket.next((f) => f.type === 'announcement')).data).toMatchObject({ id, title: 'Maintenance' });
    expect((await shown(someone)).find((a) => a.id === id)).toMatchObject({ title: 'Maintenance' });

    expect(
      (await notice(boss, 'publishNotice', { id, title: 'Maintenance (moved)', content: 'Monday' })).body.code,
    ).toBe(0);
    expect(
      (await socket.next((f) => f.type === 'announcement' && f.data.title === 'Maintenance (moved)')).data,
    ).toMatchObject({ content: 'Monday' });

    expect((await notice(boss, 'delNotice', { id })).body.code).toBe(0);
    expect((await socket.next((f) => f.type === 'announcement' && f.data.status === 0)).data.id).toBe(id);
    expect((await shown(someone)).find((a) => a.id === id)).toBeUndefined();
    expect((await notice(boss, 'delNotice', { id })).body).toMatchObject({
      code: 400,
      msg: 'The announcement does not exist or was deleted',
    });
    const trail = await env.DB.prepare('SELECT action FROM audit_log WHERE target = ?1').bind(`notice:${id}`).all();
    expect(trail.results.map((r) => r.action)).toEqual(['notice.publish', 'notice.edit', 'notice.delete']);
    socket.close();
  });

  it('are published by a super admin only, and refuse an empty or overlong text', async () => {
    const admin = await operator(2);
    const boss = await operator(1);
    expect((await notice(admin, 'publishNotice', { title: 'Hi', content: 'x' })).body.code).toBe(400);
    expect((await notice(admin, 'noticeList')).body.code).toBe(0);
    const before = (await notice(boss, 'noticeList')).body.count;
    expect((await notice(boss, 'publishNotice', { title: '', content: 'x' })).body.msg).toBe(
      "An announcement's title has 1 to 100 characters",
    );
    expect((await notice(boss, 'publishNotice', { title: 'Long', content: 'x'.repeat(5001) })).body.code).toBe(400);
    expect((await notice(boss, 'publishNotice', { title: 'Edit', content: 'x', id: 99_999 })).body.code).toBe(400);
    expect((await notice(boss, 'noticeList')).body.count).toBe(before);
  });
});
