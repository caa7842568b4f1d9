// Labels fit on one line in Vietnamese, the longest of the three languages: at
// 390×844 every short label (form fields, settings and group rows, switches, buttons, tabs) on the
// registration and security forms, the group's page as its owner (management switches and radio
// choices included), a chat's details, the settings, the Mine tab and the address book stands on
// one line; on a wide screen (1280×800) so do those of a group chat's details panel beside the chat.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { locale, startApp } from './harness.mjs';

const vi = locale('vi');
const PASSWORD = '123456';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * The short labels on screen (own text of at most 40 characters, outside the chat thread) and
 * those whose text breaks over more than one line: the tops of their text's line boxes differ.
 */
function sweep(page) {
  return page.evaluate(() => {
    const checked = [];
    const wrapped = [];
    for (const el of document.querySelectorAll('label, a, button, [role=tab], h1, h2, h3, span, p')) {
      if (el.closest('[data-testid=thread]') || !el.checkVisibility()) continue;
      const texts = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const text = texts
        .map((n) => n.textContent)
        .join('')
        .trim();
      if (!text || text.length > 40) continue;
      const tops = [];
      for (const node of texts) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
      }
      checked.push(text);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 4) wrapped.push(text);
    }
    return { checked, wrapped };
  });
}

/** Opens `route`, waits for `ready`, and asserts no label there wraps; answers the labels it checked. */
async function expectOneLine(app, page, route, ready, name) {
  await page.goto(app.path(route));
  await ready();
  // Late text (the configuration's, a group's roster) settles within a moment.
  await page.waitForTimeout(300);
  const { checked, wrapped } = await sweep(page);
  assert.deepEqual(wrapped, [], `${name}: labels broken over two lines`);
  return checked;
}

describe('labels on one line in Vietnamese (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  let wide;
  let groupId;
  let peerId;
  before(async () => {
    app = await startApp({ name: 'labels-fit', vars: { DEMO_MODE: 'true' } });
    // The wide screen is a second browser on the same server.
    wide = await startApp({ name: 'labels-fit-wide', server: app.server, contextOptions: DESKTOP });
    const a = (await app.api('/common/pub/login', { account: '13800000002', password: PASSWORD })).data;
    const b = (await app.api('/common/pub/login', { account: '13800000003', password: PASSWORD })).data;
    peerId = b.userInfo.user_id;
    const group = await app.api('/enterprise/group/add', { user_ids: [peerId, 4], name: 'Đội thu hoạch' }, a.authToken);
    assert.equal(group.code, 0, JSON.stringify(group));
    groupId = group.data.id;
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'xin chào', toContactId: peerId, is_group: 0 },
      a.authToken,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));
  });
  after(async () => {
    await wide?.close();
    await app?.close();
  });

  test("on a phone (390×844): forms, the group's page, chat details, settings, Mine and the address book", async () => {
    const { page, errors } = await app.user({ language: 'vi' });
    const checked = [];
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        '/pages/login/register',
        () => page.getByLabel(vi.register.confirmPassword, { exact: true }).waitFor(),
        'registration',
      )),
    );
    await app.signIn(page, '13800000002', PASSWORD, { lang: 'vi' });
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        '/pages/mine/secure',
        () => page.getByLabel(vi.secure.newCode, { exact: true }).waitFor(),
        'security',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        `/pages/message/group/info?id=${groupId}`,
        () => page.getByRole('switch', { name: vi.groups.setting.profile }).waitFor(),
        'group info (owner)',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        `/pages/message/detail?id=${groupId}`,
        () => page.getByText(vi.chatDetail.searchHistory, { exact: true }).waitFor(),
        'group chat details',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        `/pages/message/detail?id=${peerId}`,
        () => page.getByText(vi.chatDetail.searchHistory, { exact: true }).waitFor(),
        'chat details',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        '/pages/mine/setting',
        () => page.getByRole('heading', { name: vi.route.setting }).waitFor(),
        'settings',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        '/pages/mine/index',
        () => page.getByRole('button', { name: vi.mine.logout, exact: true }).waitFor(),
        'mine',
      )),
    );
    checked.push(
      ...(await expectOneLine(
        app,
        page,
        '/pages/contacts/index',
        () => page.getByRole('heading', { name: vi.route.contacts }).waitFor(),
        'address book',
      )),
    );
    // The sweep saw the rows that used to wrap.
    for (const label of [
      vi.register.confirmPassword,
      vi.secure.newCode,
      vi.secure.currentPassword,
      vi.secure.oldPassword,
      vi.groups.setting.manage,
      vi.groups.setting.profile,
      vi.groups.setting.history,
      vi.groups.setting.nospeakAdmins,
      vi.groups.nickname.label,
      vi.chatDetail.searchHistory,
      vi.tabs.contacts,
    ]) {
      assert.ok(checked.includes(label), `checked "${label}"`);
    }
    assert.deepEqual(errors.map(String), []);
  });

  test("on a wide screen (1280×800): a group chat's details panel beside the chat", async () => {
    const { page, errors } = await wide.user({ language: 'vi' });
    await wide.signIn(page, '13800000002', PASSWORD, { lang: 'vi' });
    const checked = await expectOneLine(
      wide,
      page,
      `/pages/message/detail?id=${groupId}`,
      () =>
        page
          .getByRole('region', { name: vi.route.chatDetail })
          .getByRole('switch', { name: vi.groups.setting.history })
          .waitFor(),
      'group details panel',
    );
    for (const label of [
      vi.groups.setting.manage,
      vi.groups.setting.invite,
      vi.groups.nickname.label,
      vi.groups.info.qr,
      vi.chatDetail.mute,
    ]) {
      assert.ok(checked.includes(label), `checked "${label}"`);
    }
    assert.deepEqual(errors.map(String), []);
  });
});
