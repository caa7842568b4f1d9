// The sender writes to the IndexedDB outbox before the network, removes a message once the
// server has it, keeps it when the network is down, and sends the outbox in order later.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../web/src/features/chat/state/outbox';
import { Sender } from '../../web/src/features/chat/state/sender';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import type { ChatState } from '../../web/src/features/chat/types';
import { chatState, contact, message, ME, wire } from './chat-factories';

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
function server(options: { online: () => boolean; onSend?: (body: Record<string, unknown>) => Promise<void> | void }) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    await options.onSend?.(body);
    if (!options.online()) throw new TypeError('Failed to fetch');
    seq += 1;
    sent.push(String(body.content));
    const data = wire(message(ME, { id: String(body.id), content: String(body.content), msg_id: seq, seq, sendTime: Date.now(), toContactId: body.toContactId as number }));
    return new Response(JSON.stringify({ code: 0, msg: '', data }));
  }));
  return sent;
}

beforeEach(() => {
  // A fresh database per test, so no test sees another's outbox.
  globalThis.indexedDB = new IDBFactory();
});

describe('sender and outbox', () => {
  it('puts a message in the outbox before it goes to the network', async () => {
    let queuedAtSend: string[] = [];
    server({ online: () => true, onSend: async () => void (queuedAtSend = (await outbox.list(ME)).map((e) => String(e.body.content))) });
    await new Sender(host()).sendText('12', 'hello');
    expect(queuedAtSend).toEqual(['hello']);
  });

  it('removes the message from the outbox once the server has it and shows it as sent', async () => {
    server({ online: () => true });
    const h = host();
    await new Sender(h).sendText('12', 'hello');
    expect(await outbox.list(ME)).toEqual([]);
    expect(thread(h.getState(), '12').messages.map((m) => [m.content, m.status])).toEqual([['hello', 'succeed']]);
    expect(h.getState().contacts[0]!.lastContent).toBe('hello');
  });

  it('keeps the message in the outbox and marks it failed when the network is down', async () => {
    server({ online: () => false });
    const h = host();
    await new Sender(h).sendText('12', 'offline');
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['offline']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['failed']);
  });

  it('marks every message waiting behind a network failure as unsent, not as still sending', async () => {
    let online = false;
    // Each attempt takes a moment, so the third message is written while the second's attempt runs.
    const sent = server({ online: () => online, onSend: () => new Promise((r) => setTimeout(r, 10)) });
    const h = host();
    const sender = new Sender(h);
    await sender.sendText('12', 'one');
    await Promise.all([sender.sendText('12', 'two'), sender.sendText('12', 'three')]);
    const statuses = () => thread(h.getState(), '12').messages.map((m) => [m.content, m.status]);
    expect(statuses()).toEqual([['one', 'failed'], ['two', 'failed'], ['three', 'failed']]);
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['one', 'two', 'three']);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(statuses()).toEqual([['one', 'succeed'], ['two', 'succeed'], ['three', 'succeed']]);
  });

  it('sends everything waiting in the order it was written once the network is back', async () => {
    let online = false;
    const sent = server({ online: () => online });
    const h = host();
    const sender = new Sender(h);
    for (const text of ['one', 'two', 'three', 'four']) await sender.sendText('12', text);
    expect(sent).toEqual([]);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three', 'four']);
    expect(await outbox.list(ME)).toEqual([]);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['succeed', 'succeed', 'succeed', 'succeed']);
  });

  it('also sends a message written while an earlier one is still on its way', async () => {
    const sent = server({ online: () => true, onSend: () => new Promise((r) => setTimeout(r, 20)) });
    const sender = new Sender(host());
    await Promise.all([sender.sendText('12', 'first'), sender.sendText('12', 'second')]);
    expect(sent).toEqual(['first', 'second']);
    expect(await outbox.list(ME)).toEqual([]);
  });
});

describe('sender without IndexedDB (some private modes)', () => {
  beforeEach(() => {
    // Opening the database fails, as it does where the browser refuses storage.
    globalThis.indexedDB = { open: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } } as unknown as IDBFactory;
  });

  it('still sends at once', async () => {
    const sent = server({ online: () => true });
    const h = host();
    await new Sender(h).sendText('12', 'hello');
    expect(sent).toEqual(['hello']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['succeed']);
  });

  it('keeps unsent messages in memory and sends them in order once the network is back', async () => {
    let online = false;
    const sent = server({ online: () => online });
    const h = host();
    const sender = new Sender(h);
    for (const text of ['one', 'two', 'three']) await sender.sendText('12', text);
    expect((await outbox.list(ME)).map((e) => e.body.content)).toEqual(['one', 'two', 'three']);
    expect(thread(h.getState(), '12').messages.map((m) => m.status)).toEqual(['failed', 'failed', 'failed']);
    online = true;
    await sender.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(await outbox.list(ME)).toEqual([]);
  });
});
