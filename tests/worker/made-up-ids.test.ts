// Made-up ids make no Durable Objects: a socket's `typing` frame for a group D1
// has no row for, or for a user id nobody has, relays nothing and creates no ConversationHub or
// UserHub (each is stored, and costs, for good); neither do an edit or a reaction naming such a chat.
// A real chat's typing still goes through (typing.test.ts has the rest).
import { listDurableObjectIds } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { directConversation } from '../../worker/services/conversations';
import { createGroup } from './group-helpers';
import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const quiet = (ms = 400) => new Promise((r) => setTimeout(r, ms));

async function conversationHubExists(conversation: string) {
  const wanted = env.CONVERSATION_HUB.idFromName(`conversation:${conversation}`);
  return (await listDurableObjectIds(env.CONVERSATION_HUB)).some((id) => id.equals(wanted));
}
async function userHubExists(user: number) {
  const wanted = env.USER_HUB.idFromName(`user:${user}`);
  return (await listDurableObjectIds(env.USER_HUB)).some((id) => id.equals(wanted));
}

describe('made-up ids', () => {
  it('a typing frame for an unknown group or user creates no hub; a real group still hears it', async () => {
    const [me, friend] = await Promise.all([loginUser(), loginUser()]);
    const real = await createGroup(me, [friend]);
    // Far past any group or user this run creates.
    const group = `group-${Number(real.slice('group-'.length)) + 900_000}`;
    const nobody = uid(friend) + 900_000;
    const [mine, theirs] = [await connect(me.token, 'me'), await connect(friend.token, 'friend')];
    mine.send({ type: 'typing', toContactId: group, typing: true });
    mine.send({ type: 'typing', toContactId: nobody, typing: true });
    mine.send({ type: 'typing', toContactId: real, typing: true });
    const heard = await theirs.next((f) => f.type === 'typing');
    expect(heard.data).toEqual({ toContactId: real, user_id: uid(me), typing: true });
    await quiet();
    expect(await conversationHubExists(group)).toBe(false);
    expect(await userHubExists(nobody)).toBe(false);
    mine.close();
    theirs.close();
  });

  it('an edit or a reaction naming an unknown group or user creates no hub', async () => {
    const [me, friend] = await Promise.all([loginUser(), loginUser()]);
    const real = await createGroup(me, [friend]);
    const group = `group-${Number(real.slice('group-'.length)) + 800_000}`;
    const nobody = uid(friend) + 800_000;
    for (const to of [group, nobody]) {
      const edit = await call(
        '/enterprise/im/editMessage',
        { toContactId: to, msg_id: 1, content: 'x' },
        { token: me.token },
      );
      const react = await call(
        '/enterprise/im/reactMessage',
        { toContactId: to, msg_id: 1, emoji: '👍' },
        { token: me.token },
      );
      for (const reply of [edit, react]) expect(reply.body.code, JSON.stringify(reply.body)).not.toBe(0);
    }
    expect(await conversationHubExists(group)).toBe(false);
    expect(await userHubExists(nobody)).toBe(false);
    expect(await conversationHubExists(directConversation(uid(me), nobody))).toBe(false);
  });
});
