// The audit trail reads as sentences: each row names its target as it is called
// now (a user, a group, a report's sender, an announcement's title) and the people its values name
// by id, so the console never shows "user:12" or a bare id.
import { describe, expect, it } from 'vitest';

import { createGroup, uid, type User } from './group-helpers';
import { call, eventually, loginUser, operator, registerUser, uniqueAccount } from './helpers';

const manage = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/${path}`, body, { token: as.token });

async function person(name: string): Promise<User> {
  const { account } = await registerUser(uniqueAccount(), 'secret12', name);
  return loginUser(account);
}

describe('manage/audit/index names', () => {
  it('names a user, a group and the people a change names, and an announcement by its title', async () => {
    const ops = await operator(1);
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    await manage(ops, 'user/setStatus', { user_id: uid(bob), status: 0 });
    const [row] = (await manage(ops, 'audit/index', { target: `user:${uid(bob)}` })).body.data;
    expect(row).toMatchObject({ action: 'user.disable', target_name: 'Bob' });

    const group = await createGroup(ann, [cat], 'Reading circle');
    await eventually(async () =>
      expect((await manage(ops, 'group/index', { keywords: 'Reading circle' })).body.count).toBe(1),
    );
    expect((await manage(ops, 'group/setManager', { id: group, user_id: uid(cat), role: 2 })).body.code).toBe(0);
    const [change] = (await manage(ops, 'audit/index', { target: `group:${group.replace('group-', '')}` })).body.data;
    expect(change).toMatchObject({ action: 'group.setManager', target_name: 'Reading circle' });
    expect(change.names).toEqual({ [uid(cat)]: 'Cat' });

    const published = await manage(ops, 'index/publishNotice', { title: 'Maintenance tonight', content: 'Short.' });
    expect(published.body.code).toBe(0);
    const [notice] = (await manage(ops, 'audit/index', { action: 'notice.' })).body.data;
    expect(notice).toMatchObject({ action: 'notice.publish', target_name: 'Maintenance tonight' });
  });
});
