// What the original web client reads beside chatting:
// its file panel (`enterprise/files/index`), letter avatars (`/avatar/{str}/{s}/{uid}`) and file
// icons, the admin pages' `common/upload/uploadImage`, and `/filedown/:id`, the file route
// (routes/upload.ts) as an attachment.
import { Hono } from 'hono';
import * as v from 'valibot';

import type { AppEnv } from '../app-env';
import { AVATAR_SCOPE, type ChatFileRow, conversationsWithFiles, findChatFiles } from '../db/files';
import { conversationHub, userHub } from '../durable/stubs';
import { requireOperator } from '../middleware/operator';
import { input } from '../middleware/params';
import { claimBurst } from '../middleware/rate-limit';
import { intLike } from '../protocol/fields';
import { readAvatarFile, storeAvatarFile } from '../routes/avatar-upload';
import { serveFile } from '../routes/upload';
import { envelope } from '../services/replies';
import { fileLinks } from './file-links';
import { FIND_MAX_CHATS } from './message-finder';
import { type FileIndexEntry, type UploadedImage } from './wire';

/** The panel's categories: 0 all, 1 documents, 2 images, 3 audio, 4 video, 5 the rest (stored as 9). */
const CATE_STORED = [0, 1, 2, 3, 4, 9] as const;

/** The file panel's query (enterprise/files/index). */
export const FilesIndexBody = v.object({
  page: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(10_000)), 1),
  limit: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(50)), 20),
  keywords: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ''),
  cate: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(5)), 0),
  /** 0: my one-to-one chats (the reference's default); 1: every chat of mine. Never anyone else's. */
  is_all: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(1)), 0),
  /** 0 all, 1 sent by me, 2 received. */
  role: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(2)), 0),
});

export const filesIndex = new Hono<AppEnv>().post('/index', async (c) => {
  const body = input(c, FilesIndexBody);
  // A search across every chat of mine: counted, and at most FIND_MAX_CHATS group hubs asked.
  await claimBurst(c, 'find');
  const me = c.get('identity').uid;
  const query = { me, cate: CATE_STORED[body.cate]!, role: body.role, keywords: body.keywords };
  const chats = (await userHub(c.env, me).chatConversations(me)).map((chat) => chat.conversation);
  // One-to-one: both people see all of it. A group: from my floor (conversation/visibility.ts), asked of its hub
  // only for the groups holding matching files, so D1 counts and pages only what I may see.
  const pairs = chats
    .filter((id) => !id.startsWith('group-'))
    .map((conversation) => ({ conversation, floor: 0, hidden: [] }));
  const groups = body.is_all
    ? await conversationsWithFiles(
        c.env.DB,
        chats.filter((id) => id.startsWith('group-')),
        query,
      )
    : [];
  const asked = groups.slice(0, FIND_MAX_CHATS);
  const sights = await Promise.all(asked.map((id) => conversationHub(c.env, id).filePanel(id, me)));
  const seen = asked.flatMap((conversation, i) => {
    const sight = sights[i];
    return sight ? [{ conversation, floor: sight.floor, hidden: sight.hidden }] : [];
  });
  const { rows, count } = await findChatFiles(c.env.DB, [...pairs, ...seen], {
    ...query,
    offset: (body.page - 1) * body.limit,
    limit: body.limit,
  });
  // The type of each listed file's message, one call per chat on the page; the rule has the last word.
  const types = await messageTypes(c.env, me, rows);
  const list = rows.flatMap((row) => {
    const msgType = types.get(row.file_id);
    if (!msgType) return [];
    return [
      {
        file_id: row.file_id,
        name: row.name,
        size: row.size,
        ext: row.ext,
        cate: row.cate,
        msg_type: msgType,
        create_time: row.create_time,
        src: `/file/${row.file_id}`,
        ...fileLinks(row.file_id, row.ext, msgType),
        user_id_info: { user_id: row.user_id, realname: row.realname ?? '', avatar: row.avatar ?? '' },
      },
    ];
  });
  return c.json(envelope(list satisfies FileIndexEntry[], '', { count, page: body.page }));
});

/** The type of the message carrying each file of `rows` that `me` may see, asked of each chat's hub once. */
async function messageTypes(env: Env, me: number, rows: ChatFileRow[]): Promise<Map<number, string>> {
  const byChat = new Map<string, number[]>();
  for (const row of rows) byChat.set(row.conversation_id, [...(byChat.get(row.conversation_id) ?? []), row.file_id]);
  const answers = await Promise.all(
    [...byChat].map(([id, files]) => conversationHub(env, id).filePanel(id, me, files)),
  );
  return new Map(answers.flatMap((sight) => Object.entries(sight?.types ?? {}).map(([id, t]) => [Number(id), t])));
}

const PALETTE = [
  '#F56C6C',
  '#E6A23C',
  '#fbbd08',
  '#67C23A',
  '#39b54a',
  '#1cbbb4',
  '#409EFF',
  '#6739b6',
  '#e239ff',
  '#e03997',
];
const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A square SVG with `text` in white on `color`; the text is escaped, so a name cannot add markup. */
function letterImage(text: string, size: number, color: string): Response {
  const safe = text.replace(/[&<>"']/g, (ch) => XML[ch]!);
  const font = Math.round(size * (Array.from(text).length > 1 ? 0.36 : 0.5));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="100%" height="100%" fill="${color}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#fff" font-family="sans-serif" font-size="${font}">${safe}</text></svg>`;
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

/**
 * GET /avatar/{str}/{s}/{uid}: the reference's letter avatar, as SVG: the last character of
 * the name (two when larger than 80 px), size clamped to 40–120 (else 80), colour by uid % 10.
 */
export const letterAvatar = new Hono<AppEnv>().get('/:str/:s/:uid', (c) => {
  const requested = Number(c.req.param('s'));
  const size = Number.isInteger(requested) && requested >= 40 && requested <= 120 ? requested : 80;
  // From the URL as sent: the router matches a lower-cased path, and a name keeps its capitals.
  const raw = new URL(c.req.url).pathname.split('/')[2] ?? '';
  const name = (() => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  })();
  const chars = Array.from(name.trim().slice(0, 64));
  const text = chars.slice(size > 80 ? -2 : -1).join('') || '?';
  const uid = Math.abs(Number.parseInt(c.req.param('uid'), 10) || 0);
  return letterImage(text, size, PALETTE[uid % PALETTE.length]!);
});

/** GET /fileicon/{ext}: a file message's icon for the original client (`extUrl`): its extension on a colour. */
export const fileIcon = new Hono<AppEnv>().get('/:ext', (c) => {
  const ext =
    c.req
      .param('ext')
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 4)
      .toUpperCase() || 'FILE';
  const hue = Array.from(ext).reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return letterImage(ext, 80, PALETTE[hue % PALETTE.length]!);
});

/**
 * POST common/upload/uploadImage: a picture for the operator's settings (logo, icons), answered as
 * its absolute URL. The reference let any signed-in user store one; here only an operator, since
 * nothing else uses it. The checks are the avatar's: image types, size limit, content sniffed.
 */
export const uploadImage = new Hono<AppEnv>().post('/uploadimage', requireOperator, async (c) => {
  const picture = await readAvatarFile(c);
  const stored = await storeAvatarFile(c, picture, c.get('identity').uid, AVATAR_SCOPE);
  return c.json(envelope(`${new URL(c.req.url).origin}/file/${stored.file_id}` satisfies UploadedImage));
});

/** GET /filedown/:id: the file route's answer, always as an attachment. */
export const fileDown = new Hono<AppEnv>().get('/:id', (c) => serveFile(c, true));
