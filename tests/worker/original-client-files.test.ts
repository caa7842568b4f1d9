// The original web client's file panel and links: enterprise/files/index lists the
// files of my chats only (by kind, by who sent them, by name, paged), /filedown/:id saves a file I may
// see as an attachment, file messages carry preview/download/extUrl to that client alone, /avatar draws an escaped letter
// image, and uploadImage stores an operator's picture.
import { describe, expect, it } from 'vitest';

import { createGroup, groupCall, ok, uid } from './group-helpers';
import {
  call,
  delivered,
  eventually,
  fetchWorker,
  loginUser,
  operator,
  pairHub,
  pngBytes,
  uploadFile,
} from './helpers';
import { connect, connectOriginal } from './socket-helpers';

const text = (s: string) => new TextEncoder().encode(s);
const list = (token: string, body: Record<string, unknown> = {}) =>
  call('/enterprise/files/index', { page: 1, limit: 20, ...body }, { token });

describe('the file panel (enterprise/files/index)', () => {
  it('lists the files of my chats with what the client reads, filtered by kind, sender and name', async () => {
    const [a, b, outsider] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const doc = await uploadFile(a.token, uid(b), 'plan.pdf', text('%PDF-1.4 plan'));
    const pic = await uploadFile(b.token, uid(a), 'photo.png', pngBytes(40, 30));
    expect([doc.body.code, pic.body.code]).toEqual([0, 0]);
    await delivered(pairHub(uid(a), uid(b)).stub);

    const all = await list(a.token);
    expect(all.body).toMatchObject({ code: 0, count: 2, page: 1 });
    expect(all.body.data.map((f: any) => f.name)).toEqual(['photo.png', 'plan.pdf']);
    expect(all.body.data[1]).toMatchObject({
      name: 'plan.pdf',
      ext: 'pdf',
      cate: 1,
      msg_type: 'file',
      src: doc.body.data.content,
      preview: '',
      download: `/filedown/${doc.body.data.file_id}`,
      extUrl: '/fileicon/pdf',
      user_id_info: { user_id: uid(a), realname: a.userInfo.realname },
    });
    expect(all.body.data[0]).toMatchObject({
      msg_type: 'image',
      preview: pic.body.data.content,
      extUrl: pic.body.data.content,
    });
    expect((await list(a.token, { role: 1 })).body.data.map((f: any) => f.name)).toEqual(['plan.pdf']);
    expect((await list(a.token, { role: 2 })).body.data.map((f: any) => f.name)).toEqual(['photo.png']);
    expect((await list(a.token, { cate: 2 })).body.data.map((f: any) => f.name)).toEqual(['photo.png']);
    expect((await list(a.token, { keywords: 'pla' })).body.data.map((f: any) => f.name)).toEqual(['plan.pdf']);
    expect((await list(a.token, { limit: 1, page: 2 })).body).toMatchObject({ count: 2, data: [{ name: 'plan.pdf' }] });
    // Someone with no chat with them sees none of it, whatever they ask.
    expect((await list(outsider.token, { is_all: 1 })).body).toMatchObject({ code: 0, count: 0, data: [] });
  });

  it("lists a group's files only with is_all, and not those from before I joined", async () => {
    const [owner, early, late] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const group = await createGroup(owner, [early]);
    expect((await uploadFile(owner.token, group, 'before.txt', text('before'))).body.code).toBe(0);
    await ok(groupCall('addGroupUser', { id: group, user_ids: [uid(late)] }, owner));
    expect((await uploadFile(owner.token, group, 'after.txt', text('after'))).body.code).toBe(0);
    // The group reaches each member's chat list as its messages are delivered.
    const names = async (as: typeof early) => (await list(as.token, { is_all: 1 })).body.data.map((f: any) => f.name);
    await eventually(async () => expect(await names(early)).toEqual(['after.txt', 'before.txt']));
    await eventually(async () => expect(await names(late)).toEqual(['after.txt']));
    expect((await list(early.token)).body.data).toEqual([]);
  });

  it('counts, filters by name and pages only the files a late joiner may see', async () => {
    const [owner, late] = await Promise.all([loginUser(), loginUser()]);
    const group = await createGroup(owner, [late]);
    await ok(groupCall('removeUser', { id: group, user_id: uid(late) }, owner));
    for (const name of ['report-1.txt', 'report-2.txt', 'report-3.txt'])
      expect((await uploadFile(owner.token, group, name, text(name))).body.code).toBe(0);
    // Back in the group without its history: the three files are below the floor.
    await ok(groupCall('addGroupUser', { id: group, user_ids: [uid(late)] }, owner));
    expect((await uploadFile(owner.token, group, 'report-new.txt', text('new'))).body.code).toBe(0);
    await eventually(async () =>
      expect((await list(late.token, { is_all: 1 })).body).toMatchObject({
        count: 1,
        data: [{ name: 'report-new.txt' }],
      }),
    );
    expect((await list(late.token, { is_all: 1, keywords: 'report' })).body).toMatchObject({
      count: 1,
      data: [{ name: 'report-new.txt' }],
    });
    expect((await list(late.token, { is_all: 1, keywords: 'report-2' })).body).toMatchObject({ count: 0, data: [] });
    expect((await list(late.token, { is_all: 1, limit: 1, page: 1 })).body).toMatchObject({
      count: 1,
      data: [{ name: 'report-new.txt' }],
    });
    expect((await list(late.token, { is_all: 1, limit: 1, page: 2 })).body).toMatchObject({ count: 1, data: [] });
    // The owner, there from the start, sees all four.
    expect((await list(owner.token, { is_all: 1, keywords: 'report' })).body.count).toBe(4);
  });

  it('refuses a bad page or kind with the envelope', async () => {
    const a = await loginUser();
    expect((await list(a.token, { cate: 7 })).body.code).not.toBe(0);
    expect((await list(a.token, { limit: 500 })).body.code).not.toBe(0);
  });
});

describe("file messages' links (preview, download, extUrl)", () => {
  const LINKS = ['preview', 'download', 'extUrl'];
  const history = async (as: { token: string }, peer: number, headers: Record<string, string>) => {
    const res = await fetchWorker('/enterprise/im/getMessageList', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: as.token, ...headers },
      body: JSON.stringify({ toContactId: peer }),
    });
    return ((await res.json()) as { data: any[] }).data;
  };

  it("reach the original client's answers and socket, and none of Parley's own clients", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    original.send({ type: 'bindUid', user_id: uid(b), token: b.token });
    await original.next((f) => f.type === 'pong');
    const own = await connect(b.token);
    const doc = await uploadFile(a.token, uid(b), 'plan.pdf', text('%PDF-1.4 plan'));
    const pic = await uploadFile(a.token, uid(b), 'photo.png', pngBytes(40, 30));
    // Parley's app (no sessionId header): the file's id and name, never the original client's links.
    for (const field of LINKS) expect(doc.body.data).not.toHaveProperty(field);
    const ownFrame = await own.next((f) => f.type === 'simple' && f.data.file_id === pic.body.data.file_id);
    for (const field of LINKS) expect(ownFrame.data).not.toHaveProperty(field);
    for (const m of await history(b, uid(a), {})) for (const field of LINKS) expect(m).not.toHaveProperty(field);
    // The original client: on its socket and in its answers.
    const frame = await original.next((f) => f.type === 'simple' && f.data.file_id === pic.body.data.file_id);
    expect(frame.data).toMatchObject({ preview: pic.body.data.content, extUrl: pic.body.data.content });
    expect(await history(b, uid(a), { sessionid: 'f00d' })).toEqual([
      expect.objectContaining({
        fileName: 'plan.pdf',
        preview: '',
        download: `/filedown/${doc.body.data.file_id}`,
        extUrl: '/fileicon/pdf',
      }),
      expect.objectContaining({
        fileName: 'photo.png',
        preview: `/file/${pic.body.data.file_id}`,
        download: `/filedown/${pic.body.data.file_id}`,
        extUrl: `/file/${pic.body.data.file_id}`,
      }),
    ]);
    original.close();
    own.close();
  });
});

describe('/filedown/:id', () => {
  it('saves a file I may see as an attachment, by token or the download cookie; nobody else gets it', async () => {
    const [a, b, outsider] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const pic = await uploadFile(a.token, uid(b), 'photo.png', pngBytes(40, 30));
    const url = `/filedown/${pic.body.data.file_id}`;
    const saved = await fetchWorker(url, { headers: { authorization: b.token } });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''photo.png");
    expect(saved.headers.get('x-content-type-options')).toBe('nosniff');
    const cookie = await fetchWorker(url, { headers: { cookie: `parley_file=${b.token.replace(/^bearer /, '')}` } });
    expect(cookie.status).toBe(200);
    expect((await fetchWorker(url, { headers: { authorization: outsider.token } })).status).toBe(404);
    expect((await fetchWorker(url)).status).toBe(401);
  });

  it('is where login puts the download cookie too', async () => {
    const a = await loginUser();
    const res = await call('/common/pub/login', { account: a.account, password: a.password }, { ip: '10.9.9.9' });
    expect(res.body.code).toBe(0);
    const cookies = res.headers.getSetCookie().filter((c) => c.startsWith('parley_file='));
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/file', '/filedown']);
  });
});

describe('letter avatars and file icons', () => {
  it('draws the last letter of a name as an SVG image, escaping whatever the name holds', async () => {
    const res = await fetchWorker(`/avatar/${encodeURIComponent('An<script>')}/80/3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await res.text();
    expect(svg).toContain('>&gt;</text>');
    expect(svg).toContain('#67C23A');
    const hostile = await (
      await fetchWorker(`/avatar/${encodeURIComponent('"/><img src=x onerror=alert(1)>"<&')}/120/0`)
    ).text();
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('>&lt;&amp;</text>');
    expect(hostile).toContain('width="120"');
    expect(await (await fetchWorker('/avatar/Bình/9999/x')).text()).toContain('width="80"');
    // The name as written, capitals and all (the router itself matches a lower-cased path).
    expect(await (await fetchWorker('/avatar/Lan%20AN/100/1')).text()).toContain('>AN</text>');
  });

  it('draws a file icon naming its extension', async () => {
    const svg = await (await fetchWorker('/fileicon/docx')).text();
    expect(svg).toContain('>DOCX</text>');
  });
});

describe('common/upload/uploadImage', () => {
  it("stores an operator's picture and answers its URL; refuses other users and non-images", async () => {
    const admin = await operator();
    const user = await loginUser();
    const form = (bytes: Uint8Array, name: string) => {
      const f = new FormData();
      f.set('file', new File([bytes], name));
      return f;
    };
    const post = (token: string, body: FormData) =>
      fetchWorker('/common/upload/uploadImage', { method: 'POST', headers: { authorization: token }, body });
    const stored = (await (await post(admin.token, form(pngBytes(64, 64), 'logo.png'))).json()) as any;
    expect(stored.code).toBe(0);
    expect(stored.data).toMatch(/^https?:\/\/[^/]+\/file\/\d+$/);
    const fetched = await fetchWorker(new URL(stored.data).pathname, { headers: { authorization: user.token } });
    expect(fetched.status).toBe(200);
    expect(((await (await post(user.token, form(pngBytes(64, 64), 'logo.png'))).json()) as any).code).not.toBe(0);
    expect(((await (await post(admin.token, form(text('not an image'), 'logo.png'))).json()) as any).code).not.toBe(0);
  });
});
