// The sender writes to the IndexedDB outbox before the network, removes a message once the
// server has it, keeps it (still sending) when the network is down and sends the outbox in order
// later by itself; only a refusal by the server marks a message failed, with the server's reason.
import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { outbox } from '../../web/src/features/chat/state/outbox';
import type { RetryClock } from '../../web/src/features/chat/state/retry-policy';
import { Sender } from '../../web/src/features/chat/state/sender';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import type { ChatState } from '../../web/src/features/chat/types';
import { chatState, contact, ME, message, wire } from './chat-factories';

function host(initial: ChatState = chatState({ contacts: [contact(12)] })) {
  let state = initial;
  return {
    getState: () => state,
    set: (update: (s: ChatState) => ChatState) => void (state = update(state)),
    contact: (key: string) => state.contacts.find((c) => String(c.id) === key),
  };
}

let seq = 0;
/** The server: answers sendMessage with the stored message, or fails like a dropped network. */
function server(options: {
  online: () => boolean;
  onSend?: (body: Record<string, unknown>) => Promise<void> | void;
  refuse?: (content: string) => string | undefined;
}) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      await options.onSend?.(body);
      if (!options.online()) throw new TypeError('Failed to fetch');
      const refusal = options.refuse?.(String(body.content));
      if (refusal) return new Response(JSON.stringify({ code: 400, msg: refusal, data: null }));
      seq += 1;
      sent.push(String(body.content));
      const data = wire(
        message(ME, {
          id: String(body.id),
          content: String(body.content),
          msg_id: seq,
          seq,
          sendTime: Date.now(),
          toContactId: body.toContactId as number,
        }),
      );
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  return sent;
}

/** A sender whose pending retries end with the test (none may call a later test's server). */
const senders: Sender[] = [];
function makeSender(h: ReturnType<typeof host>, clock?: RetryClock) {
  const s = new Sender(h, clock);
  senders.push(s);
  return s;
}

beforeEach(() => {
  // A fresh database per test, so no test sees another's outbox.
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (const s of senders.splice(0)) s.stop();
  vi.useRealTimers();
});

describe('sender and outbox', () => {
  it('puts a message in the outbox before it goes to the network', async () => {
    let queuedAtSend: string[] = [];
    server({
      online: () => true,
      onSend: async () => void (queuedAtSend = (await outbox.list(ME)).map((e) => String(e.body.content))),
    });
    await makeSender(host()).sendText('12', 'hello');
    expect(queuedAtSend).toEqual(['hello']);
  });

  it('removes the message from the outbox once the server has it and shows it as sent', async () => {
    server({ online: () => true });
    const h = host();
    await makeSender(h).sendText('12', 'hello');
    expect(await outbox.list(ME)).toEqual([]);
    expect(thread(h.getState(), '12').messages.map((m) => [m.content, m.status])).toEqual([['hello', 'succeed']]);
    expect(h.getState().contacts[0]!.lastContent).toBe('hello');
  });

  it('sends from a page without crypto.randomUUID (plain http on a LAN address is not a secure context)', async () => {
    const randomUUID = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID');
    Object.defineProperty(Object.getPrototypeOf(crypto), 'randomUUID', { value: undefined, configurable: true });
    try {
      const sent = server({ online: () => true });
      const h = host();
      await makeSender(h).sendText('12', 'over http');
      expect(sent).toEqual(['over http']);
      const [shown] = thread(h.getState(), '12').messages;
      expect([shown!.status, shown!.id]).toEqual(['succeed', expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/)]);
    } finally {
      if (randomUUID) Object.defineProperty(Object.getPrototypeOf(crypto), 'randomUUID', randomUUID);
    }
  });

  it('keeps the message in the outbox, still sending (no red mark), when the network is down', async () => {
    server({ online: () => false });
    const h = host();
    await makeSender(h).sendText('12', 'offline');
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['offline']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['going']);
  });

  it('keeps every message waiting behind a network failure in order, still sending', async () => {
    let online = false;
    // Each attempt takes a moment, so the third message is written while the second's attempt runs.
    const sent = server({ online: () => online, onSend: () => new Promise((r) => setTimeout(r, 10)) });
    const h = host();
    const sender = makeSender(h);
    await sender.sendText('12', 'one');
    await Promise.all([sender.sendText('12', 'two'), sender.sendText('12', 'three')]);
    const statuses = () => thread(h.getState(), '12').messages.map((m) => [m.content, m.status]);
    expect(statuses()).toEqual([
      ['one', 'going'],
      ['two', 'going'],
      ['three', 'going'],
    ]);
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['one', 'two', 'three']);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(statuses()).toEqual([
      ['one', 'succeed'],
      ['two', 'succeed'],
      ['three', 'succeed'],
    ]);
  });

  it('sends everything waiting in the order it was written once the network is back', async () => {
    let online = false;
    const sent = server({ online: () => online });
    const h = host();
    const sender = makeSender(h);
    for (const text of ['one', 'two', 'three', 'four']) await sender.sendText('12', text);
    expect(sent).toEqual([]);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three', 'four']);
    expect(await outbox.list(ME)).toEqual([]);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual([
      'succeed',
      'succeed',
      'succeed',
      'succeed',
    ]);
  });

  it('also sends a message written while an earlier one is still on its way', async () => {
    const sent = server({ online: () => true, onSend: () => new Promise((r) => setTimeout(r, 20)) });
    const sender = makeSender(host());
    await Promise.all([sender.sendText('12', 'first'), sender.sendText('12', 'second')]);
    expect(sent).toEqual(['first', 'second']);
    expect(await outbox.list(ME)).toEqual([]);
  });
});

describe('sender: failures', () => {
  /** The retry clock on the test's fake timers, with no jitter (random 0.5 stretches nothing). */
  const CLOCK: RetryClock = {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (t) => clearTimeout(t as number),
    now: () => Date.now(),
    random: () => 0.5,
  };
  /** Lets the outbox's IndexedDB work and the fetch answers settle under fake timers. */
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) await vi.advanceTimersByTimeAsync(0);
  };

  it("marks a refused message failed with the server's reason, holds it, and sends the ones behind it", async () => {
    const sent = server({
      online: () => true,
      refuse: (content) => (content === 'bad' ? 'You cannot send to this chat' : undefined),
    });
    const h = host();
    const sender = makeSender(h);
    await sender.sendText('12', 'bad');
    await sender.sendText('12', 'good');
    expect(sent).toEqual(['good']);
    const bad = thread(h.getState(), '12').messages.find((m) => m.content === 'bad')!;
    expect([bad.status, bad.failReason]).toEqual(['failed', 'You cannot send to this chat']);
    expect((await outbox.list(ME)).map((e) => [e.body.content, e.held, e.reason])).toEqual([
      ['bad', true, 'You cannot send to this chat'],
    ]);
    // A flush does not send it again; only the user's retry does.
    await sender.flush();
    expect(sent).toEqual(['good']);
  });

  it('shows a refused message failed with its reason after a reload, and an unsent one as still sending', async () => {
    let online = true;
    server({ online: () => online, refuse: (content) => (content === 'bad' ? 'Refused' : undefined) });
    await makeSender(host()).sendText('12', 'bad');
    online = false;
    // The next page comes later than the first one's message. Two senders (pages) writing in the
    // same millisecond have no order between them; on CI's machine they did (this test failed).
    vi.setSystemTime(Date.now() + 1000);
    await makeSender(host()).sendText('12', 'later');
    const h = host();
    await makeSender(h).restore();
    expect(thread(h.getState(), '12').messages.map((m) => [m.content, m.status, m.failReason])).toEqual([
      ['bad', 'failed', 'Refused'],
      ['later', 'going', undefined],
    ]);
  });

  it('tries again by itself after 1 s, 2 s and 5 s, and sends once the network is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let online = false;
    let attempts = 0;
    const sent = server({ online: () => online, onSend: () => void (attempts += 1) });
    const h = host();
    const sender = makeSender(h, CLOCK);
    void sender.sendText('12', 'hello');
    await settle();
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(attempts).toBe(3);
    online = true;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(sent).toEqual(['hello']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['succeed']);
    // Nothing waits any more: no further tries.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(4);
  });

  it('tries at once when the network shows it is back, without waiting for the next retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let online = false;
    const sent = server({ online: () => online });
    const sender = makeSender(host(), CLOCK);
    void sender.sendText('12', 'hello');
    await settle();
    online = true;
    sender.networkBack();
    await settle();
    expect(sent).toEqual(['hello']);
  });

  it('does nothing on a sign of network when nothing waits', async () => {
    let attempts = 0;
    server({ online: () => true, onSend: () => void (attempts += 1) });
    const sender = makeSender(host());
    await sender.sendText('12', 'hello');
    sender.networkBack();
    await sender.flush();
    expect(attempts).toBe(1);
  });
});

describe('sender without IndexedDB (some private modes)', () => {
  beforeEach(() => {
    // Opening the database fails, as it does where the browser refuses storage.
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
  });

  it('still sends at once', async () => {
    const sent = server({ online: () => true });
    const h = host();
    await makeSender(h).sendText('12', 'hello');
    expect(sent).toEqual(['hello']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['succeed']);
  });

  it('keeps unsent messages in memory and sends them in order once the network is back', async () => {
    let online = false;
    const sent = server({ online: () => online });
    const h = host();
    const sender = makeSender(h);
    for (const text of ['one', 'two', 'three']) await sender.sendText('12', text);
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['one', 'two', 'three']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['going', 'going', 'going']);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(await outbox.list(ME)).toEqual([]);
  });
});
