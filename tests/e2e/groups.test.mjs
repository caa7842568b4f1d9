// Groups in Chromium, three new users side by side: A creates a group with B and C and
// names it; A posts an announcement and both see it listed as the announcement; A makes B an
// admin; B mutes C, C's composer says so and the server refuses a send forced past it; A lets only
// admins speak; A hands the group to B; B dissolves it and every member's chat turns read-only live, saying so, until they delete it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { locale, startApp, uniqueAccount, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = 'secret-123';
const GROUP = 'Quince pickers';
const NOTICE = 'Picking starts at eight, bring baskets';
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(values[k]));

describe('a group from creation to dissolution, three users', { timeout: 300_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'groups', shared: true });
  });
  after(async () => {
    await app?.close();
  });

  test('create, announce, admin, mute, only admins speak, transfer, dissolve', async () => {
    const users = {};
    for (const [who, realname] of [
      ['a', 'Anh Le'],
      ['b', 'Bich Do'],
      ['c', 'Cuong Ly'],
    ]) {
      const account = uniqueAccount(`g${who}`);
      const registered = await app.api('/common/pub/register', { account, realname, password: PASSWORD });
      assert.equal(registered.code, 0, JSON.stringify(registered));
      users[who] = { account, realname };
    }
    const [a, b, c] = await app.users(3, { language: 'en' });
    await Promise.all(
      [
        [a, users.a],
        [b, users.b],
        [c, users.c],
      ].map(([u, who]) => app.signIn(u.page, who.account, PASSWORD, { lang: 'en' })),
    );
    const chatRow = (u) =>
      u.page.getByRole('list', { name: en.route.home }).getByRole('button', { name: new RegExp(GROUP) });

    // 1. A creates the group with B and C and names it; the chat opens.
    await a.page.goto(app.path('/pages/contacts/group'));
    await a.page
      .getByRole('button', { name: en.groups.list.create })
      .or(a.page.getByRole('link', { name: en.groups.list.create }))
      .first()
      .click();
    await a.page.getByLabel(users.b.realname).check();
    await a.page.getByLabel(users.c.realname).check();
    await a.page.getByLabel(en.groups.create.name, { exact: true }).fill(GROUP);
    await a.page.getByRole('button', { name: fill(en.groups.create.submit_other, { count: 2 }) }).click();
    await a.page.waitForURL((url) => /#\/pages\/message\/chat\?id=group-\d+/.test(url.hash));
    const groupId = new URL(a.page.url().replace('#', '')).searchParams.get('id');
    await a.page.getByRole('heading', { name: GROUP }).waitFor();
    // B and C have it on their chat lists without reloading.
    await chatRow(b).waitFor();
    await chatRow(c).waitFor();

    // 2. A posts an announcement; B and C see it listed as the announcement, not as "[@ me]".
    await a.page.goto(app.path(`/pages/message/group/info?id=${groupId}`));
    await a.page.getByRole('button', { name: en.groups.info.editNotice }).click();
    await a.page.getByLabel(en.groups.info.notice).fill(NOTICE);
    await a.page.getByRole('button', { name: en.groups.save, exact: true }).click();
    for (const u of [b, c]) {
      await chatRow(u).getByText(en.chatList.preview.notice.replace('{{text}}', NOTICE)).waitFor();
      assert.equal(await chatRow(u).getByText(en.groups.mention.atMe).count(), 0);
    }

    // 3. A makes B an admin (from the member list).
    await a.page.goto(app.path(`/pages/message/group/groupUser?id=${groupId}`));
    await a.page.getByRole('button', { name: fill(en.groups.members.manage, { name: users.b.realname }) }).click();
    await a.page.getByRole('menu').getByText(en.groups.members.setAdmin, { exact: true }).click();
    await a.page.getByText(en.groups.role.admin, { exact: true }).first().waitFor();

    // 4. B (now an admin) mutes C for 10 minutes; C's composer says C cannot send, and the server
    //    refuses a send forced past it.
    await b.page.goto(app.path(`/pages/message/group/groupUser?id=${groupId}`));
    await b.page.getByRole('button', { name: fill(en.groups.members.manage, { name: users.c.realname }) }).click();
    await b.page.getByRole('menu').getByText(en.groups.mute.preset1, { exact: true }).click();
    await c.page.goto(app.path(`/pages/message/chat?id=${groupId}`));
    await c.page.getByText(new RegExp(`^${fill(en.groups.speak.muted, { until: '' }).trim()}`)).waitFor();
    assert.equal(
      await c.page.getByLabel(en.chat.inputLabel, { exact: true }).count(),
      0,
      "C's composer offers no input while muted",
    );
    const cToken = (await app.api('/common/pub/login', { account: users.c.account, password: PASSWORD })).data
      .authToken;
    const forced = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'let me talk', toContactId: groupId },
      cToken,
    );
    assert.equal(forced.code, 400, JSON.stringify(forced));

    // 5. A lets only the owner and admins speak: the server refuses a member (hard, 401).
    await a.page.goto(app.path(`/pages/message/group/info?id=${groupId}`));
    // (The choice shows once the server has it: the radio follows the group's setting.)
    const onlyAdmins = a.page.getByRole('radio', { name: en.groups.setting.nospeakAdmins, exact: true });
    await onlyAdmins.click();
    await waitUntil(() => onlyAdmins.isChecked(), { message: "the 'only admins' setting" });
    await c.page
      .getByText(en.groups.speak.onlyAdmins)
      .or(c.page.getByText(new RegExp(`^${fill(en.groups.speak.muted, { until: '' }).trim()}`)))
      .first()
      .waitFor();
    const bToken = (await app.api('/common/pub/login', { account: users.b.account, password: PASSWORD })).data
      .authToken;
    const adminSend = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'admins may speak', toContactId: groupId },
      bToken,
    );
    assert.equal(adminSend.code, 0, JSON.stringify(adminSend));
    const unmute = await app.api(
      '/enterprise/group/setNoSpeak',
      {
        id: groupId,
        user_id: (await app.api('/common/pub/login', { account: users.c.account, password: PASSWORD })).data.userInfo
          .user_id,
        noSpeakTimer: 0,
        noSpeakDay: 0,
      },
      bToken,
    );
    assert.equal(unmute.code, 0, JSON.stringify(unmute));
    const memberSend = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'still me', toContactId: groupId },
      cToken,
    );
    assert.equal(memberSend.code, 401, JSON.stringify(memberSend));
    await c.page.getByText(en.groups.speak.onlyAdmins).waitFor();

    // 6. A hands the group to B (after confirming).
    await a.page.getByRole('button', { name: en.groups.transfer.title }).click();
    await a.page.getByLabel(users.b.realname).check();
    await a.page.getByRole('button', { name: en.groups.transfer.submit, exact: true }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await a.page.getByRole('button', { name: en.groups.leave.quit }).waitFor();

    // 7. B dissolves the group; every chat stays on the list, read-only, saying so.
    for (const u of [a, c]) await u.page.goto(app.path('/'));
    await chatRow(a).waitFor();
    await chatRow(c).waitFor();
    await b.page.goto(app.path(`/pages/message/group/info?id=${groupId}`));
    await b.page.getByRole('button', { name: en.groups.leave.dissolve }).click();
    await b.page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await b.page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
    await chatRow(a).click();
    await a.page.getByText(en.groups.goneNotice.dissolved).waitFor();
    for (const u of [b, c]) await chatRow(u).waitFor();

    for (const u of [a, b, c]) assert.deepEqual(u.errors.map(String), []);
  });
});
