// The development cost ledger (GET /dev/ledger): it counts what a message costs (Worker and Durable
// Object requests, each class's SQLite rows, D1 rows) and exists only in a development build.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import app from '../../worker/index';
import type { Ledger } from '../../worker/services/cost-ledger';
import { call, delivered, fetchWorker, loginUser, pairHub, textMessage } from './helpers';

async function ledger(): Promise<Ledger> {
  const res = await fetchWorker('/dev/ledger');
  return ((await res.json()) as { data: Ledger }).data;
}

const rows = (l: Ledger, cls: string) =>
  l.objects[cls] ?? { requests: 0, socketMessages: 0, rowsRead: 0, rowsWritten: 0 };

describe('the development cost ledger', () => {
  it('counts the rows a one-to-one message writes in its ConversationHub and both UserHubs', async () => {
    const a = await loginUser();
    const b = await loginUser();
    const before = await ledger();
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.id, 'priced'), { token: a.token });
    expect(sent.body.code).toBe(0);
    // The delivery into the UserHubs finishes after the sender's answer.
    await delivered(pairHub(a.userInfo.id, b.userInfo.id).stub);
    const after = await ledger();
    const grew = (cls: string, field: keyof Ledger['objects'][string]) =>
      rows(after, cls)[field] - rows(before, cls)[field];
    expect(after.workerRequests - before.workerRequests).toBe(1);
    expect(grew('ConversationHub', 'rowsWritten')).toBeGreaterThan(0);
    expect(grew('UserHub', 'rowsWritten')).toBeGreaterThan(0);
    expect(grew('ConversationHub', 'requests')).toBeGreaterThan(0);
    expect(grew('UserHub', 'requests')).toBeGreaterThan(0);
    expect(after.d1.rowsRead).toBeGreaterThan(before.d1.rowsRead);
  });

  it('does not exist without the development flag', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://parley.test/dev/ledger'), { ...env, DEV_MAILBOX: 'false' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
  });

  it('counts nothing for a request served without the development flag', async () => {
    const before = await ledger();
    const ctx = createExecutionContext();
    const request = new Request('http://parley.test/common/pub/getSystemInfo', { method: 'POST' });
    const res = await app.fetch(request, { ...env, DEV_MAILBOX: 'false' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const after = await ledger();
    expect(after.workerRequests).toBe(before.workerRequests);
    expect(after.d1).toEqual(before.d1);
  });
});
