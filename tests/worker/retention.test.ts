// Message retention (chatInfo.msgClear / msgClearDay): the rule's arithmetic, and a conversation's
// daily run deleting what is past the limit with its files, never its newest message.
import { afterEach, describe, expect, it } from 'vitest';
import { env, exports } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { nextPruneAt, retentionCutoff } from '../../worker/services/retention';
import { DEFAULTS } from '../../worker/services/system-config';
import { call, loginUser, pairHub, pngBytes, resetConfig, setConfig, textMessage, uploadFile } from './helpers';

const DAY = 86_400_000;

describe('retention rule', () => {
  const now = Date.UTC(2026, 10, 22, 10, 30);
  it('keeps everything unless msgClear is on with a positive number of days', () => {
    expect(retentionCutoff(DEFAULTS.chatInfo, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: '0' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: 'soon' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '0', msgClearDay: '30' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: '30' }, now)).toBe(now - 30 * DAY);
  });

  it('runs daily at 02:00 UTC', () => {
    expect(nextPruneAt(now)).toBe(Date.UTC(2026, 10, 23, 2));
    expect(nextPruneAt(Date.UTC(2026, 10, 22, 1, 59))).toBe(Date.UTC(2026, 10, 22, 2));
    expect(nextPruneAt(Date.UTC(2026, 10, 22, 2))).toBe(Date.UTC(2026, 10, 23, 2));
  });
});

describe('a conversation past its retention', () => {
  afterEach(resetConfig);

  /** Four messages, three of them (the first, the photo and the newest) sent three days ago; then the daily run is due. */
  async function conversationWithOldMessages() {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'old text'), { token: a.token });
    const photo = await uploadFile(a.token, b.userInfo.user_id, 'old.png', pngBytes(6, 6));
    await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'recent'), { token: b.token });
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'newest but old'), { token: a.token });
    const fileId = Number(String(photo.body.data.content).split('/').pop());
    const key = (await env.DB.prepare('SELECT r2_key FROM files WHERE file_id = ?1').bind(fileId).first<{ r2_key: string }>())!.r2_key;
    const scheduled = await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      sql.exec('UPDATE messages SET send_time = ? WHERE seq IN (1, 2, 4)', Date.now() - 3 * DAY);
      const at = Number(sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").one().value);
      sql.exec("UPDATE meta SET value = ? WHERE key = 'prune_at'", String(Date.now() - 1000));
      return at;
    });
    await evictDurableObject(stub);
    const contents = async () => (await call('/enterprise/im/getMessageList', { toContactId: a.userInfo.user_id }, { token: b.token })).body.data.map((m: any) => m.content);
    const download = async () => {
      const res = await exports.default.fetch(new Request(`http://parley.test${photo.body.data.content}`, { headers: { authorization: b.token } }));
      await res.arrayBuffer();
      return res.status;
    };
    return { a, b, conversation, stub, key, scheduled, contents, download };
  }

  it('is scheduled for the next 02:00 UTC when the first message is stored', async () => {
    const { scheduled } = await conversationWithOldMessages();
    expect(scheduled).toBe(nextPruneAt(scheduled - 1));
    expect(scheduled).toBeGreaterThan(Date.now());
  });

  it('deletes messages older than msgClearDay and their files, keeps the newest, and runs again the next day', async () => {
    await setConfig('chatInfo', { msgClear: '1', msgClearDay: '1' });
    const { a, b, stub, key, contents, download } = await conversationWithOldMessages();
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await contents()).toEqual(['recent', 'newest but old']);
    expect(await download()).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
    const next = await runInDurableObject(stub, (_hub, state) => Number(state.storage.sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").one().value));
    expect(next).toBe(nextPruneAt(Date.now()));
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();

    // The next message takes the next seq: none is handed out twice.
    const after = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'after'), { token: a.token });
    expect(after.body.data.msg_id).toBe(5);
    expect(await contents()).toEqual(['recent', 'newest but old', 'after']);
  });

  it('deletes nothing while msgClear is off, and still runs the next day', async () => {
    const { stub, key, contents, download } = await conversationWithOldMessages();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const kept = await contents();
    expect(kept).toHaveLength(4);
    expect([kept[0], kept[2], kept[3]]).toEqual(['old text', 'recent', 'newest but old']);
    expect(await download()).toBe(200);
    expect(await env.FILES.head(key)).not.toBeNull();
    const next = await runInDurableObject(stub, (_hub, state) => Number(state.storage.sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").one().value));
    expect(next).toBeGreaterThan(Date.now());
  });
});
