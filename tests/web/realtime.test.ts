// The socket's schedule: a ticket, then the socket; a ping every 20 s; after a
// close a new try every 5 s, at most 5, then 'failed' for the notice; the notice's button and the
// app becoming visible start a fresh round. A socket that stops answering (a ping or the handshake
// unanswered for 10 s) counts as closed. Timers are fake, the WebSocket a stand-in (jsdom has no
// server to talk to); what is checked is when tickets are asked for and sockets opened.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PING_FRAME, REPLACED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '@protocol/socket';

import {
  ANSWER_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  Realtime,
  type RealtimeStatus,
  RETRY_MS,
} from '../../web/src/lib/realtime';
import { FakeSocket } from './fake-socket';

function setup({ ticketFails = false, ticketGate }: { ticketFails?: boolean; ticketGate?: Promise<void> } = {}) {
  const statuses: RealtimeStatus[] = [];
  const frames: unknown[] = [];
  let fail = ticketFails;
  const ticket = vi.fn(async () => {
    await ticketGate;
    if (fail) throw new TypeError('offline');
    return 't/1+2';
  });
  const realtime = new Realtime({
    ticket,
    onOpen: () => undefined,
    onFrame: (f) => frames.push(f),
    onStatus: (s) => statuses.push(s),
  });
  return { realtime, ticket, statuses, frames, networkBack: () => (fail = false), networkDown: () => (fail = true) };
}

/** Lets the ticket promise and what follows it run at the current fake time. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('realtime socket', () => {
  it("keeps the spec's numbers: a ping every 20 s, a retry every 5 s, 5 retries", () => {
    expect({ HEARTBEAT_MS, RETRY_MS, MAX_RETRIES }).toEqual({ HEARTBEAT_MS: 20_000, RETRY_MS: 5_000, MAX_RETRIES: 5 });
    // Our own: less than a beat, so a dead socket is found before the next ping is due.
    expect(ANSWER_TIMEOUT_MS).toBe(10_000);
  });

  it('opens the socket with a fresh ticket and pings every 20 s', async () => {
    const { realtime, ticket, statuses, frames } = setup();
    realtime.start();
    await settle();
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toBe(`ws://${location.host}/wss?ticket=${encodeURIComponent('t/1+2')}`);
    socket.open();
    expect(statuses).toEqual(['connecting', 'open']);

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual([PING_FRAME]);
    socket.pong();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(socket.sent).toEqual([PING_FRAME, PING_FRAME]);
    socket.pong();
    expect(socket.closedWith).toBeNull();

    // Frames of the protocol reach the app; anything else is dropped whole without breaking the socket.
    const online = { type: 'isOnline', time: 1, seq: 3, data: { id: 12, is_online: 1 } };
    socket.push(online);
    socket.onmessage?.({ data: 'not json' });
    socket.push({ no: 'type' });
    socket.push({ type: 'simple', time: 1, seq: 4, data: { id: 'x' } });
    socket.push({ type: 'isOnline', time: 1, seq: 5, data: { id: '12', is_online: 1 } });
    socket.push({ type: 'somethingNew', time: 1, seq: 6, data: {} });
    expect(frames).toEqual([online]);
    realtime.stop();
  });

  it('tries again every 5 s after a drop, at most 5 times, then reports failed', async () => {
    const { realtime, ticket, statuses, networkDown } = setup();
    realtime.start();
    await settle();
    FakeSocket.made[0]!.open();
    networkDown();
    FakeSocket.made[0]!.drop();
    expect(statuses.at(-1)).toBe('retrying');
    expect(ticket).toHaveBeenCalledTimes(1);

    for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
      await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
      expect(ticket).toHaveBeenCalledTimes(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(ticket).toHaveBeenCalledTimes(attempt + 1);
    }
    expect(statuses.at(-1)).toBe('failed');
    // And then it waits for the person: no more tries however long.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(ticket).toHaveBeenCalledTimes(MAX_RETRIES + 1);
    expect(FakeSocket.made).toHaveLength(1);
    realtime.stop();
  });

  it('counts afresh after a successful reconnect', async () => {
    const { realtime, ticket, statuses } = setup();
    realtime.start();
    await settle();
    FakeSocket.made[0]!.open();
    // More drops in a row than the retry limit, each reconnecting on the first try: never 'failed'.
    for (let n = 0; n < MAX_RETRIES + 2; n++) {
      FakeSocket.made.at(-1)!.drop();
      await vi.advanceTimersByTimeAsync(RETRY_MS);
      FakeSocket.made.at(-1)!.open();
    }
    expect(statuses).not.toContain('failed');
    expect(ticket).toHaveBeenCalledTimes(MAX_RETRIES + 3);
    expect(FakeSocket.made).toHaveLength(MAX_RETRIES + 3);
    realtime.stop();
  });

  it("starts a fresh round from the notice's button and when the app becomes visible", async () => {
    const { realtime, ticket, statuses, networkBack } = setup({ ticketFails: true });
    realtime.start();
    await vi.advanceTimersByTimeAsync(MAX_RETRIES * RETRY_MS);
    expect(statuses.at(-1)).toBe('failed');
    expect(ticket).toHaveBeenCalledTimes(MAX_RETRIES + 1);

    // The button: one more try at once, and a full round of retries after it.
    realtime.reconnect();
    await settle();
    expect(ticket).toHaveBeenCalledTimes(MAX_RETRIES + 2);
    await vi.advanceTimersByTimeAsync(MAX_RETRIES * RETRY_MS);
    expect(ticket).toHaveBeenCalledTimes(2 * (MAX_RETRIES + 1));
    expect(statuses.at(-1)).toBe('failed');

    // Hidden, nothing happens; visible again, it connects (the network is back by then).
    networkBack();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(ticket).toHaveBeenCalledTimes(2 * (MAX_RETRIES + 1));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    FakeSocket.made[0]!.open();
    expect(statuses.at(-1)).toBe('open');

    // Visible while connected: no second socket.
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    realtime.stop();
  });

  it('takes a socket whose ping goes unanswered for 10 s for dead, and connects again', async () => {
    const { realtime, ticket, statuses, frames } = setup();
    realtime.start();
    await settle();
    const dead = FakeSocket.made[0]!;
    dead.open();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(dead.sent).toEqual([PING_FRAME]);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(dead.closedWith).toBeNull();
    expect(statuses.at(-1)).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(dead.closedWith).not.toBeNull();
    expect(statuses.at(-1)).toBe('retrying');
    // The usual schedule from there: a new ticket and socket 5 s later.
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.open();
    expect(statuses.at(-1)).toBe('open');
    // What the abandoned socket does later reaches nobody and starts nothing.
    dead.push({ type: 'isOnline', time: 1, seq: 9, data: { id: 12, is_online: 1 } });
    dead.drop();
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(frames).toEqual([]);
    expect(FakeSocket.made).toHaveLength(2);
    expect(statuses.at(-1)).toBe('open');
    realtime.stop();
  });

  it('counts any frame as the answer to a ping', async () => {
    const { realtime, frames } = setup();
    realtime.start();
    await settle();
    const socket = FakeSocket.made[0]!;
    socket.open();
    for (let beat = 1; beat <= 3; beat++) {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      socket.push({ type: 'isOnline', time: 1, seq: beat, data: { id: 12, is_online: 1 } });
    }
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS);
    expect(socket.sent).toEqual([PING_FRAME, PING_FRAME, PING_FRAME]);
    expect(socket.closedWith).toBeNull();
    expect(frames).toHaveLength(3);
    realtime.stop();
  });

  it('gives up a handshake that has not finished in 10 s and tries again', async () => {
    const { realtime, ticket, statuses } = setup();
    realtime.start();
    await settle();
    const hanging = FakeSocket.made[0]!;
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS);
    expect(hanging.closedWith).not.toBeNull();
    expect(statuses.at(-1)).toBe('retrying');
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(ticket).toHaveBeenCalledTimes(2);
    FakeSocket.made[1]!.open();
    // Its late open changes nothing.
    hanging.open();
    expect(FakeSocket.made).toHaveLength(2);
    expect(statuses.at(-1)).toBe('open');
    realtime.stop();
  });

  it('pings at once when the app becomes visible or the browser is back online', async () => {
    const { realtime, ticket } = setup();
    realtime.start();
    await settle();
    const socket = FakeSocket.made[0]!;
    socket.open();
    // Visible again with a working socket: one ping, answered, and the socket stays.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent).toEqual([PING_FRAME]);
    socket.pong();
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS);
    expect(socket.closedWith).toBeNull();
    // Back online after the network changed: the ping gets no answer, so a new socket follows.
    window.dispatchEvent(new Event('online'));
    expect(socket.sent).toEqual([PING_FRAME, PING_FRAME]);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS + RETRY_MS);
    expect(socket.closedWith).not.toBeNull();
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.made).toHaveLength(2);
    realtime.stop();
  });

  it("online after 'failed' starts a fresh round at once, and never two connects side by side", async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { realtime, ticket, statuses, networkBack } = setup({ ticketFails: true });
    realtime.start();
    await vi.advanceTimersByTimeAsync(MAX_RETRIES * RETRY_MS);
    expect(statuses.at(-1)).toBe('failed');
    const tries = ticket.mock.calls.length;
    networkBack();
    // A ticket that takes its time: the events while it is on the way start nothing more.
    ticket.mockImplementation(async () => {
      await gate;
      return 't';
    });
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(ticket).toHaveBeenCalledTimes(tries + 1);
    expect(statuses.at(-1)).toBe('connecting');
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(ticket).toHaveBeenCalledTimes(tries + 1);
    release();
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    realtime.stop();
  });

  it("reports 'failed' at once while the browser is offline, and starts afresh when it is back online", async () => {
    const { realtime, ticket, statuses, networkBack } = setup({ ticketFails: true });
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    realtime.start();
    await settle();
    expect(statuses).toEqual(['connecting', 'failed']);
    await vi.advanceTimersByTimeAsync(MAX_RETRIES * RETRY_MS);
    expect(ticket).toHaveBeenCalledTimes(1);
    online = true;
    networkBack();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    realtime.stop();
  });

  it('asks for a ticket at once when the server ends the session, so its refusal signs out without waiting', async () => {
    const { realtime, ticket } = setup();
    realtime.start();
    await settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.drop(SESSION_ENDED_CLOSE_CODE);
    await settle();
    expect(ticket).toHaveBeenCalledTimes(2);
    realtime.stop();
  });

  it('stays closed when the server replaced it with a newer socket, until the tab is looked at again', async () => {
    const { realtime, ticket, statuses } = setup();
    realtime.start();
    await settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.drop(REPLACED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(10 * RETRY_MS);
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('failed');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(ticket).toHaveBeenCalledTimes(2);
    realtime.stop();
  });

  it('stops for good on logout: closes the socket and never retries', async () => {
    const { realtime, ticket, statuses } = setup();
    realtime.start();
    await settle();
    const socket = FakeSocket.made[0]!;
    socket.open();
    realtime.stop();
    expect(socket.closedWith).toEqual([1000, 'logout']);
    expect(statuses.at(-1)).toBe('idle');
    socket.drop();
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * RETRY_MS + HEARTBEAT_MS);
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(socket.sent).toEqual([]);
    expect(statuses.at(-1)).toBe('idle');
  });
});
