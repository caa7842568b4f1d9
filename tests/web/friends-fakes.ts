// Fakes for the friends tests: people and requests shaped by the protocol's own schemas, a server
// that answers from a table (with the envelope's count and page where a test gives them) and
// records every call, and the socket through which the test pushes frames as the server would.
import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';
import * as v from 'valibot';
import { vi } from 'vitest';

import {
  type FriendApplyEvent,
  type FriendRequest,
  FriendRequestSchema,
  type Person,
  PersonSchema,
} from '@protocol/people';

import { storage } from '../../web/src/lib/storage';
import { ME, summary } from './chat-factories';
import { FakeSocket } from './fake-socket';
import { renderApp, signIn, systemInfo } from './helpers';

export { ME, summary };

export function person(id: number, patch: Partial<Person> = {}): Person {
  return v.parse(PersonSchema, {
    id,
    user_id: id,
    realname: `User ${id}`,
    displayName: `User ${id}`,
    nickname: '',
    account: `138******${id}`,
    avatar: '',
    motto: '',
    sex: 2,
    index: 'U',
    relation: 'none',
    ...patch,
  });
}

/** A request from `from` to `to` (one of them ME). */
export function request(friendId: number, from: Person, to: Person, patch: Partial<FriendRequest> = {}): FriendRequest {
  return v.parse(FriendRequestSchema, {
    friend_id: friendId,
    create_user: from.user_id,
    friend_user_id: to.user_id,
    status: 2,
    remark: `I am ${from.realname}`,
    is_invite: 0,
    create_time: 1_700_000_000,
    update_time: 1_700_000_000,
    create_user_info: from,
    user_id_info: to,
    is_group: 0,
    ...patch,
  });
}

export const MYSELF = person(ME, { realname: 'Alice', displayName: 'Alice', relation: 'self' });

/** A `simple` frame's data for a request arriving live. */
export function applyEvent(friendId: number, from: Person, count: number): FriendApplyEvent {
  return {
    id: `apply-${friendId}`,
    toContactId: 'system',
    is_group: 2,
    type: 'event',
    status: 'succeed',
    content: '',
    sendTime: 1_700_000_100_000,
    fromUser: { id: 'system', displayName: 'system' },
    apply: { friend_id: friendId, count, from, remark: `I am ${from.realname}` },
  };
}

/** What a handler answers: the data alone, or the whole envelope (a refusal, a list's count). */
export interface Envelope {
  code?: number;
  msg?: string;
  data?: unknown;
  count?: number;
  page?: number;
}
export const envelope = (e: Envelope) => ({ envelope: e });
type Handler = (body: Record<string, unknown>) => unknown;

export interface Server {
  calls: { path: string; body: Record<string, unknown> }[];
  callsTo: (path: string) => Record<string, unknown>[];
}

/** Stubs fetch with `handlers` (getContacts answers [] unless given); the socket's ticket works. */
export function serve(handlers: Record<string, Handler>): Server {
  const calls: Server['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      const handler =
        handlers[path] ??
        (path === '/common/pub/wsTicket'
          ? () => ({ ticket: 't' })
          : path === '/enterprise/im/getContacts'
            ? () => []
            : undefined);
      if (!handler) return new Response(JSON.stringify({ code: 404, msg: `no handler for ${path}`, data: null }));
      const result = handler(body) as { envelope?: Envelope } | undefined;
      const answer =
        result && typeof result === 'object' && 'envelope' in result
          ? { code: 0, msg: '', ...result.envelope }
          : { code: 0, msg: '', data: result };
      return new Response(JSON.stringify(answer));
    }),
  );
  return { calls, callsTo: (path) => calls.filter((c) => c.path === path).map((c) => c.body) };
}

/** Signed in as ME (Alice) with a socket stand-in; opens `path` in the real app. */
export function openApp(path: string, sysInfo: Record<string, string> = {}, chatInfo: Record<string, string> = {}) {
  globalThis.indexedDB = new IDBFactory();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME, realname: 'Alice', displayName: 'Alice' });
  storage.setGlobalConfig({ ...systemInfo(sysInfo), chatInfo });
  return renderApp(path);
}

/** The socket, once the app has opened it. */
export async function socket(): Promise<FakeSocket> {
  // As long as testing-library's waits (dom-setup.ts): the first screen of a file is transformed on first use.
  await vi.waitFor(() => expect1(FakeSocket.made.length), { timeout: 8000 });
  const ws = FakeSocket.made[0]!;
  if (ws.readyState !== FakeSocket.OPEN) ws.open();
  return ws;
}

function expect1(n: number) {
  if (n < 1) throw new Error('no socket yet');
}

let seq = 100;
/** Pushes an event frame as the server would (checked by the app's own parser). */
export function push(ws: FakeSocket, type: string, data: unknown) {
  ws.push({ type, time: 1, seq: ++seq, data });
}
