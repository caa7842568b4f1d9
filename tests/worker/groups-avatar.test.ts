// A group's picture (enterprise/group/uploadAvatar, multipart id + file): who may set it follows the
// name's rule (managers only while setting.manage is on), the user avatar's checks apply (images
// only, size, content sniffed), the key is the server's, members hear `groupAvatar`, the chat list
// shows it, and the picture it replaces is released. A refusal stores nothing.
import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AVATAR_MAX_MB } from '@protocol/people';

import {
  type Actor,
  ACTORS,
  type Cast,
  castGroup,
  createGroup,
  groupCall,
  makeCast,
  ok,
  type User,
} from './group-helpers';
import { call, eventually, fetchWorker, loginUser, pngBytes, resetConfig } from './helpers';
import { connect } from './socket-helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});
afterEach(resetConfig);

async function uploadGroupAvatar(as: User, id: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('id', id);
  form.set('file', new File([bytes], name));
  const res = await exports.default.fetch(
    new Request('http://parley.test/enterprise/group/uploadAvatar', {
      method: 'POST',
      headers: { authorization: as.token, 'accept-language': 'en' },
      body: form,
    }),
  );
  return (await res.json()) as { code: number; msg: string; data: any };
}

const pictureRows = () =>
  env.DB.prepare("SELECT file_id, r2_key FROM files WHERE conversation_id = 'group-avatar'")
    .all<{ file_id: number; r2_key: string }>()
    .then((r) => r.results);
const avatarOf = async (id: string, as: User) =>
  (await groupCall('groupInfo', { group_id: id }, as)).body.data.avatar as string;

describe("who may set a group's picture", () => {
  const run = async (setting: Record<string, number>, allowed: Actor[]) => {
    for (const actor of ACTORS) {
      const id = await castGroup(cast);
      await ok(groupCall('groupSetting', { id, setting }, cast.owner));
      const before = (await pictureRows()).length;
      const body = await uploadGroupAvatar(cast[actor], id, 'g.png', pngBytes(8, 8));
      if (allowed.includes(actor)) {
        expect(body.code, `${actor}: ${JSON.stringify(body)}`).toBe(0);
        expect(await avatarOf(id, cast.owner)).toBe(body.data.avatar);
      } else {
        expect([400, 403], `${actor}: ${JSON.stringify(body)}`).toContain(body.code);
        expect(await pictureRows()).toHaveLength(before);
        expect(await avatarOf(id, cast.owner)).toBe('');
      }
    }
  };
  it('with setting.manage on: the owner and admins only', () => run({ manage: 1 }, ['owner', 'admin']));
  // A muted member may not speak through the group's picture either.
  it('with setting.manage off: any member who may speak', () => run({ manage: 0 }, ['owner', 'admin', 'member']));
});

describe('the picture', () => {
  it('is stored under a server key, shown to members live and in the chat list, and replaces the one before', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    const sb = await connect(b.token);
    // Until it has a picture, getContacts gives the members its collage is drawn from (the owner first).
    await eventually(async () => {
      const listed = (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find(
        (c: any) => c.id === id,
      );
      expect(listed.avatar).toBe('');
      expect(listed.collage.map((m: any) => m.name)).toEqual([a.userInfo.realname, b.userInfo.realname]);
    });
    const first = await uploadGroupAvatar(a, id, '../evil.PNG', pngBytes(32, 32));
    expect(first.code, JSON.stringify(first)).toBe(0);
    expect(first.data.avatar).toMatch(/^\/file\/\d+$/);
    expect((await sb.next((f) => f.type === 'groupAvatar')).data).toEqual({ group_id: id, avatar: first.data.avatar });
    const firstId = Number(first.data.avatar.split('/').pop());
    const row = (await pictureRows()).find((r) => r.file_id === firstId)!;
    expect(row.r2_key).toMatch(/^avatar\/\d{4}-\d{2}-\d{2}\/[\w-]+\.png$/);
    const image = await fetchWorker(first.data.avatar, { headers: { authorization: b.token } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    await eventually(async () => {
      const listed = (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find(
        (c: any) => c.id === id,
      );
      expect(listed.avatar).toBe(first.data.avatar);
      expect(listed.collage).toBeUndefined();
    });

    const second = await uploadGroupAvatar(
      b,
      id,
      'next.webp',
      new Uint8Array([
        ...new TextEncoder().encode('RIFF'),
        0,
        0,
        0,
        0,
        ...new TextEncoder().encode('WEBPVP8 '),
        ...new Array(30).fill(0),
      ]),
    );
    expect(second.code, JSON.stringify(second)).toBe(0);
    await eventually(async () => {
      expect((await pictureRows()).some((r) => r.file_id === firstId)).toBe(false);
      expect(await env.FILES.head(row.r2_key)).toBeNull();
    });
    expect(await avatarOf(id, a)).toBe(second.data.avatar);
    sb.close();
  });

  it('refuses what is not an image, a file whose content is not what its name says, and one over the size limit, storing nothing', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    const before = (await pictureRows()).length;
    expect((await uploadGroupAvatar(a, id, 'notes.txt', new TextEncoder().encode('hello'))).code).toBe(401);
    expect((await uploadGroupAvatar(a, id, 'fake.png', new TextEncoder().encode('<svg onload=alert(1)>'))).code).toBe(
      401,
    );
    const big = new Uint8Array(AVATAR_MAX_MB * 1024 * 1024 + 10);
    big.set(pngBytes(4, 4));
    expect((await uploadGroupAvatar(a, id, 'big.png', big)).code).toBe(401);
    expect(await pictureRows()).toHaveLength(before);
    expect(await avatarOf(id, a)).toBe('');
  });

  it('refuses a request without a group id or naming a group that does not exist', async () => {
    const a = await loginUser();
    expect((await uploadGroupAvatar(a, 'nonsense', 'g.png', pngBytes(4, 4))).code).toBe(400);
    expect([400, 403]).toContain((await uploadGroupAvatar(a, 'group-99999999', 'g.png', pngBytes(4, 4))).code);
  });
});
