// The operator console's web tests sign in as an operator of some role with a faked API: the
// usual start-up calls answered, `handlers` for the console's own, and what each call was sent.
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

import { storage } from '../../web/src/lib/storage';
import { FakeSocket } from './fake-socket';
import { mockApi, signIn, systemInfo, USER } from './helpers';

export type Body = Record<string, unknown>;

/** Signs in as an operator of `role` (0: nobody), answering every call from `handlers` besides the usual ones. */
export function asRole(role: number, handlers: Record<string, (body: Body) => unknown> = {}) {
  const me = { ...USER, role };
  const fetchMock = mockApi({
    '/common/pub/getSystemInfo': () => systemInfo(),
    '/enterprise/im/getUserInfo': () => me,
    '/common/pub/wsTicket': () => ({ ticket: 't' }),
    '/enterprise/im/getContacts': () => [],
    ...handlers,
  });
  globalThis.indexedDB = new IDBFactory();
  vi.stubGlobal('WebSocket', FakeSocket);
  signIn();
  storage.setUserInfo(me);
  return fetchMock;
}

/** The bodies sent to `path`, in order. */
export const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init.body)) as Body);

/** A user row as manage/user/index answers it, with `patch` over the defaults. */
export const managed = (user_id: number, realname: string, patch: Body = {}) => ({
  user_id,
  account: `user${user_id}`,
  realname,
  avatar: '',
  email: '',
  sex: 2,
  motto: '',
  role: 0,
  status: 1,
  last_login_time: 0,
  create_time: 1_700_000_000,
  remark: '',
  cs_uid: 0,
  cs_name: '',
  ...patch,
});
