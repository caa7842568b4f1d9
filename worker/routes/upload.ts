// Files: upload as a message into R2 under a server-generated key (common/upload/uploadFile,
// the original), and download through the Worker, which checks the caller may see the message carrying the file.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';

import { resolveForSending } from '../actions/conversation-access';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { AVATAR_SCOPE, findFile, GROUP_AVATAR_SCOPE, insertFile, releaseFiles } from '../db/files';
import { conversationHub } from '../durable/stubs';
import { claimUpload, spaceSends } from '../middleware/rate-limit';
import { CODE } from '../protocol/codes';
import { uploadLimitMb } from '../protocol/config-values';
import { parseJsonOrNull } from '../protocol/json';
import { VIDEO_MAX_SECONDS, VOICE_MIN_SECONDS } from '../protocol/limits';
import { type MessageType, UploadMessage } from '../protocol/messages';
import type { WireMessage } from '../protocol/wire';
import { byteRange } from '../services/byte-range';
import { sentMessage } from '../services/event-view';
import { contentMatches, imageSize, mediaDuration, MIME, sniffable } from '../services/file-sniff';
import { FILE_CATEGORY } from '../services/message-handling';
import { AppError, envelope, notFound, refuse, settled } from '../services/replies';
import { putBytes, readBytes, storageKey } from '../storage/files';

const hard = (key: ConstructorParameters<typeof AppError>[1], params?: Record<string, string | number>) =>
  new AppError(CODE.HARD_REFUSED, key, params);

export const upload = new Hono<AppEnv>();

/** Room for the multipart boundaries and the `message` field around the file itself. */
export const FORM_OVERHEAD = 64 * 1024;

/**
 * The form, with its bytes counted as they arrive: a body over `limit` is refused as soon as it
 * passes it, whether or not it declared a Content-Length (chunked and HTTP/2 clients may not),
 * instead of being buffered whole first. Null when the body is not a readable form.
 */
export async function readForm(req: Request, limit: number, tooLarge: () => AppError): Promise<FormData | null> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  // Anything but multipart was already read as parameters (middleware/params.ts) and holds no file.
  if (
    !req.body ||
    req.bodyUsed ||
    !(req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  )
    return null;
  let seen = 0;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  const form = await new Response(counted, { headers: { 'content-type': req.headers.get('content-type') ?? '' } })
    .formData()
    .catch(() => null);
  if (seen > limit) throw tooLarge();
  return form;
}

upload.post('/uploadfile', async (c) => {
  const me = c.get('identity').uid;
  const { fileUpload } = await loadConfig(c.env.DB);
  const maxMb = uploadLimitMb(fileUpload.size);
  const form = await readForm(c.req.raw, maxMb * 1024 * 1024 + FORM_OVERHEAD, () =>
    hard('file.uploadLimit', { size: maxMb }),
  );
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw refuse('system.parameterError');
  const parsed = v.safeParse(UploadMessage, parseJsonOrNull(form.get('message')));
  if (!parsed.success) throw refuse('system.parameterError');
  const meta = parsed.output;

  // Membership and the client id are settled before a byte is stored: a resend gets the message
  // its first try stored, a refusal stores nothing.
  const { conversation } = await resolveForSending(c.env.DB, me, meta.toContactId);
  const hub = conversationHub(c.env, conversation);
  const prior = settled(await hub.priorSend(conversation, me, meta.id));
  if (prior) return c.json(envelope(sentMessage(prior, me) satisfies WireMessage));

  const ext = (file.name.includes('.') ? file.name.split('.').pop()! : String(form.get('ext') ?? '')).toLowerCase();
  const allowed = (fileUpload.fileExt as string[]).map((x) => x.toLowerCase());
  if (!allowed.includes(ext) || !sniffable(ext)) throw hard('file.typeNotSupport');
  if (file.size > maxMb * 1024 * 1024) throw hard('file.uploadLimit', { size: maxMb });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(bytes, ext)) throw hard('file.contentMismatch');

  const category = FILE_CATEGORY[ext]!;
  const type: MessageType = category.cate === 3 && meta.type === 'voice' ? 'voice' : category.type;
  const size = type === 'image' ? imageSize(bytes, ext) : null;
  const measured = mediaDuration(bytes, ext) ?? meta.extends?.duration ?? 0;
  if (type === 'video' && measured > VIDEO_MAX_SECONDS) throw hard('file.videoTooLong');
  if (type === 'voice' && measured < VOICE_MIN_SECONDS) throw hard('file.voiceTooShort');
  const duration = Math.ceil(measured);

  const from = c.get('me');

  // Counted once the file passed every check, before a byte is stored: a refusal stores nothing.
  await spaceSends(c);
  await claimUpload(c, file.size);
  const key = storageKey(type, ext);
  await putBytes(c.env.FILES, key, bytes, MIME[ext]!);
  const name = file.name.slice(0, 120) || `file.${ext}`;
  const row = await insertFile(c.env.DB, {
    r2_key: key,
    user_id: me,
    conversation_id: conversation,
    cate: category.cate,
    name,
    ext,
    mime: MIME[ext]!,
    size: file.size,
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    duration,
  });
  const media = { ...(size ?? {}), ...(duration ? { duration } : {}) };
  const result = await hub
    .send(conversation, {
      id: meta.id,
      from,
      type,
      content: `/file/${row.file_id}`,
      pid: 0,
      extends: Object.keys(media).length ? media : null,
      file: { file_id: row.file_id, name, size: file.size, ext, ...media },
    })
    .catch(async (error: unknown) => {
      await releaseFiles(c.env.DB, c.env.FILES, [row.file_id]);
      throw error;
    });
  // Refused meanwhile, or a concurrent try with the same id got there first: its copy is the message.
  if (!result.ok || result.value.duplicate) await releaseFiles(c.env.DB, c.env.FILES, [row.file_id]);
  return c.json(envelope(sentMessage(settled(result).message, me) satisfies WireMessage));
});

/**
 * GET /file/:id — media inline, everything else as an attachment; never sniffed by the browser.
 * A chat's file is for those who may see its message; avatars (routes/avatar.ts) and group pictures for every signed-in user.
 */
export const download = new Hono<AppEnv>().get('/:id', (c) => serveFile(c, false));

/** A chat's file, a picture or an avatar to a caller who may see it; `attachment` always saves it. */
export async function serveFile(c: Context<AppEnv>, attachment: boolean): Promise<Response> {
  const me = c.get('identity').uid;
  const id = c.req.param('id') ?? '';
  const row = /^\d{1,12}$/.test(id) ? await findFile(c.env.DB, Number(id)) : null;
  // A chat's file is visible exactly when the message carrying it is (the hub's visibility rule:
  // a member, not recalled, not below their history floor); any other answers as a missing file,
  // so ids reveal nothing.
  const picture = row?.conversation_id === AVATAR_SCOPE || row?.conversation_id === GROUP_AVATAR_SCOPE;
  const visible =
    row &&
    (picture ||
      (await conversationHub(c.env, row.conversation_id).fileMessage(row.conversation_id, me, row.file_id)).ok);
  if (!row || !visible) throw notFound();
  const range = byteRange(c.req.header('range'), row.size);
  if (range.kind === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${row.size}` } });
  const object = await readBytes(c.env.FILES, row.r2_key, c.req.raw.headers, range.kind === 'part' ? range : undefined);
  if (!object) throw notFound();
  // The browser asks again before each use (a 304 when its copy is current), so a file that is
  // recalled or past retention stops showing from its cache too, not only from the server.
  const validators = {
    etag: object.httpEtag,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (!('body' in object)) {
    const revalidating = c.req.header('if-none-match') !== undefined || c.req.header('if-modified-since') !== undefined;
    return new Response(null, { status: revalidating ? 304 : 412, headers: validators });
  }
  const category = FILE_CATEGORY[row.ext];
  const inline = !attachment && (category?.inline ?? false);
  const headers = new Headers({
    ...validators,
    'content-type': row.mime,
    'accept-ranges': 'bytes',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (range.kind === 'part') {
    headers.set('content-range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set('content-length', String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('content-length', String(object.size));
  return new Response(object.body, { status: 200, headers });
}
