// The screen sweep: one server, one operator signed in through the API (its token stored
// as the login page would store it, so no login form per pass), and for each of vi, en and zh-CN at
// 390×844 (a touch phone) and 1280×800 (the two widths side by side): every console screen
// (overview, users, groups with a group's members and the people picker's matches, reports,
// announcements, invitations, settings, the audit log) and each kind of dialog a console button
// opens (new user, edit user with the agent search's matches, password reset, the disable,
// dissolve and dismiss confirmations, new and edited announcement, new invitation), then the chat's
// menus (the message menu with its reaction row, by a long press on the phone and a right click on
// the wide screen; the full reaction picker; "Who reacted", by a long press on a chip or by
// keyboard; the report reasons; the composer while editing; the emoji and plus panels; the chat
// list's actions sheet; a chat's details with its delete confirmation; a group's page): axe finds
// no serious or critical violation, nothing is wider than the window, and the page logs no console
// error and throws nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { a11yViolations, locale, MOBILE, startApp, uniqueAccount } from './harness.mjs';

const PASSWORD = '123456';
const [A, B] = ['13800000002', '13800000003'];
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const WIDTHS = [
  ['390×844', MOBILE],
  ['1280×800', DESKTOP],
];
const LANGS = ['vi', 'en', 'zh-CN'];
const fill = (text, params) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));

/** A finger held on `locator` for 800 ms, then lifted, through the browser's real touch input (CDP). */
async function longPress(page, locator) {
  const box = await locator.boundingBox();
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await new Promise((r) => setTimeout(r, 800));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits for the page's animations (sheet, toast) to end, so colours are measured as they settle. */
const settled = (page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

describe(
  'screen sweep: console and chat menus in three languages at two widths (DEMO_MODE=true)',
  { concurrency: 2 },
  () => {
    let app;
    let session; // the operator's login answer: authToken, tokenExpired, userInfo
    let bId;
    let groupId;
    const operator = { account: uniqueAccount('sw'), realname: 'Olga Operator' };
    const member = { account: uniqueAccount('sm'), realname: 'Minh Member' };
    const started = Date.now();

    before(async () => {
      app = await startApp({ name: 'sweep', vars: { DEMO_MODE: 'true' }, contextOptions: {} });
      await app.register([operator, member], PASSWORD);
      // The script takes seconds (wrangler on the server's state): the chats are written meanwhile.
      const promoted = app.makeOperator(operator.account);
      const login = async (account) => (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
      const [user, a, b] = [await login(operator.account), await login(A), await login(B)];
      bId = b.userInfo.user_id;
      const me = user.userInfo.user_id;
      const call = async (path, body, from) => {
        const answer = await app.api(path, body, from.authToken);
        assert.equal(answer.code, 0, `${path}: ${JSON.stringify(answer)}`);
        return answer.data;
      };
      const send = (from, to, content) =>
        call('/enterprise/im/sendMessage', { id: crypto.randomUUID(), type: 'text', content, toContactId: to }, from);
      // The operator's chat with B: a message each way, B's 👍 on the operator's (so "Who reacted" has a line).
      await send(b, me, 'Lunch at noon?');
      const mine = await send(user, bId, 'See you at 5');
      await call('/enterprise/im/reactMessage', { toContactId: me, msg_id: mine.msg_id, emoji: '👍' }, b);
      groupId = (
        await call('/enterprise/group/add', { user_ids: [bId, a.userInfo.user_id], name: 'Harvest crew' }, user)
      ).id;
      // A report for the Reports screen, an announcement and an invitation for theirs.
      const spam = await send(a, bId, 'Cheap watches here');
      await call(
        '/enterprise/im/reportMessage',
        { toContactId: a.userInfo.user_id, msg_id: spam.msg_id, reason: 'spam' },
        b,
      );
      // Signed in again as an operator: the app reads the role from the stored userInfo.
      await promoted;
      session = await login(operator.account);
      await call(
        '/manage/index/publishNotice',
        { title: 'Orchard closed Monday', content: 'Back on Tuesday.' },
        session,
      );
      await call('/manage/invite/add', { max_uses: 5, days: 7 }, session);
    });
    after(async () => {
      await app?.close();
      // What the issue asks to keep an eye on: the sweep's own time (server start included).
      console.log(`screen sweep: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });

    /** The operator's browser in `lang` at one width, signed in by its stored token; collects console errors. */
    async function open(lang, contextOptions) {
      const { context, page, errors } = await app.user({ language: lang, ...contextOptions });
      await context.addInitScript(
        ({ token, expired, user }) => {
          if (window.top !== window || localStorage.getItem('uni_id_token')) return;
          localStorage.setItem('uni_id_token', JSON.stringify(token));
          localStorage.setItem('tokenExpired', JSON.stringify(expired));
          localStorage.setItem('userInfo', JSON.stringify(user));
        },
        { token: session.authToken, expired: Number(session.tokenExpired), user: session.userInfo },
      );
      page.on('console', (m) => m.type() === 'error' && errors.push(new Error(`console.error: ${m.text()}`)));
      const found = [];
      /** axe, the width and the console on the page as it stands; findings are gathered, not thrown, so one pass lists them all. */
      const check = async (name) => {
        await settled(page);
        const where = `${lang} ${contextOptions.viewport.width}px ${name}`;
        for (const v of await a11yViolations(page))
          found.push(`${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target).join(' | ')}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > contextOptions.viewport.width) found.push(`${where}: the page is ${scrollWidth} px wide`);
        for (const error of errors.splice(0)) found.push(`${where}: ${error.message.split('\n')[0]}`);
      };
      return { page, check, found, t: locale(lang) };
    }

    /** Opens a dialog with `opener`, checks it (and after `inside`, when given) and closes it with Escape. */
    async function dialog(view, opener, role, name, inside) {
      await opener.click();
      await view.page.getByRole(role).waitFor();
      await view.check(name);
      if (inside) await inside();
      await view.page.keyboard.press('Escape');
      await view.page.getByRole(role).waitFor({ state: 'detached' });
    }

    // The two widths side by side (one page each on the one server), the passes of a width one after another.
    for (const [width, contextOptions] of WIDTHS) {
      describe(`at ${width}`, { concurrency: 1 }, () => {
        for (const lang of LANGS) {
          test(`the console in ${lang} at ${width}`, { timeout: 120_000 }, async () => {
            const view = await open(lang, contextOptions);
            const { page, check, t } = view;
            const screen = async (route, title, ready) => {
              await page.goto(app.path(route));
              await page.getByRole('heading', { name: title, level: 1 }).waitFor();
              await ready?.();
              await check(title);
            };
            const button = (name) => page.getByRole('button', { name, exact: true });
            const m = t.manage;
            await screen('/manage', m.nav.overview, () => page.getByText(m.overview.online).waitFor());

            await screen('/manage/users', m.nav.users, () =>
              button(fill(m.users.editOf, { name: member.realname })).waitFor(),
            );
            await dialog(view, button(m.users.add), 'dialog', 'new user dialog');
            // The edit dialog, also with the agent search's matches.
            await dialog(
              view,
              button(fill(m.users.editOf, { name: member.realname })),
              'dialog',
              'edit user dialog',
              async () => {
                await page.getByLabel(m.users.agentSearch).fill(operator.realname.slice(0, 4));
                await button(fill(m.users.agentChooseOf, { name: operator.realname })).waitFor();
                await check('edit user dialog with agent matches');
              },
            );
            await dialog(
              view,
              button(fill(m.users.resetOf, { name: member.realname })),
              'dialog',
              'password reset dialog',
            );
            await dialog(
              view,
              button(fill(m.users.disableOf, { name: member.realname })),
              'alertdialog',
              'disable confirmation',
            );

            await screen('/manage/groups', m.nav.groups, () => page.getByText('Harvest crew').waitFor());
            await button(fill(m.groups.membersOf, { name: 'Harvest crew' })).click();
            await page.getByText(m.groups.owner, { exact: true }).first().waitFor();
            // The people picker (adding members), with its matches.
            await page.getByPlaceholder(m.picker.search).first().fill(member.realname.slice(0, 4));
            await page.getByRole('list', { name: m.picker.matches }).getByText(member.realname).first().waitFor();
            await check('a group\u2019s members with the people picker\u2019s matches');
            await dialog(
              view,
              button(fill(m.groups.dissolveOf, { name: 'Harvest crew' })),
              'alertdialog',
              'dissolve confirmation',
            );

            await screen('/manage/reports', m.nav.reports, () =>
              page.getByText('Cheap watches here').first().waitFor(),
            );
            await dialog(view, button(m.reports.dismiss), 'alertdialog', 'dismiss confirmation');

            await screen('/manage/announcements', m.nav.announcements, () =>
              page.getByText('Orchard closed Monday').first().waitFor(),
            );
            await dialog(view, button(m.notices.add), 'dialog', 'new announcement dialog');
            await dialog(view, button(`${m.notices.edit} Orchard closed Monday`), 'dialog', 'edit announcement dialog');

            await screen('/manage/invitations', m.nav.invitations, () =>
              page
                .getByRole('button', { name: new RegExp(`^${m.invites.revoke} `) })
                .first()
                .waitFor(),
            );
            await dialog(view, button(m.invites.add), 'dialog', 'new invitation dialog');

            await screen('/manage/settings', m.nav.settings, () =>
              page.getByRole('form', { name: m.settings.section.sysInfo }).waitFor(),
            );
            // The settings that take people, once they take them with the people picker.
            const picker = page.getByPlaceholder(m.picker.search).first();
            if (await picker.count()) {
              await picker.fill(member.realname.slice(0, 4));
              await page
                .getByRole('list', { name: m.picker.matches })
                .first()
                .getByText(member.realname)
                .first()
                .waitFor();
              await check('settings, people picker matches');
            }

            await screen('/manage/audit', m.nav.audit, () =>
              page.getByRole('list', { name: m.nav.audit }).getByRole('listitem').first().waitFor(),
            );
            assert.deepEqual(view.found, []);
          });

          test(`the chat menus in ${lang} at ${width}`, { timeout: 120_000 }, async () => {
            const view = await open(lang, contextOptions);
            const { page, check, t } = view;
            const menu = page.getByRole('menu');
            const bubble = (text) => page.getByTestId('bubble').filter({ hasText: text });

            await page.goto(app.path(`/pages/message/chat?id=${bId}`));
            await bubble('See you at 5').waitFor();
            await check('chat thread');
            // The message menu and its reaction row: a long press on the phone, a right click on the wide screen.
            const touch = Boolean(contextOptions.hasTouch);
            if (touch) await longPress(page, bubble('Lunch at noon?'));
            else await bubble('Lunch at noon?').click({ button: 'right' });
            await menu
              .getByRole('menuitem', { name: fill(t.chat.reaction.add, { emoji: '👍' }), exact: true })
              .waitFor();
            await check('message menu with the reaction row');
            await menu.getByRole('menuitem', { name: t.chat.reaction.more, exact: true }).click();
            await page.getByRole('dialog', { name: t.chat.reaction.pick }).waitFor();
            await check('reaction picker');
            await page.keyboard.press('Escape');
            await page.getByRole('dialog', { name: t.chat.reaction.pick }).waitFor({ state: 'detached' });
            // Who reacted: a long press on a chip on the phone, the button the keyboard reaches on the wide screen.
            if (touch)
              await longPress(
                page,
                page.getByRole('button', { name: fill(t.chat.reaction.chip, { emoji: '👍', count: 1 }), exact: true }),
              );
            else {
              await page.getByRole('button', { name: t.chat.reaction.who, exact: true }).focus();
              await page.keyboard.press('Enter');
            }
            await page.getByRole('alertdialog').getByText(t.chat.reaction.who).waitFor();
            await check('who reacted');
            await page.getByRole('alertdialog').getByRole('button').first().click();
            await page.getByRole('alertdialog').waitFor({ state: 'detached' });
            // Reporting: the reasons sheet the menu's Report opens.
            await bubble('Lunch at noon?').click({ button: 'right' });
            await menu.getByRole('menuitem', { name: t.chat.menu.report, exact: true }).click();
            await page.getByText(t.chat.report.spam, { exact: true }).waitFor();
            await check('report reasons sheet');
            await page.keyboard.press('Escape');
            await page.getByText(t.chat.report.spam, { exact: true }).waitFor({ state: 'detached' });
            // Editing my own message.
            await bubble('See you at 5').click({ button: 'right' });
            await menu.getByRole('menuitem', { name: t.chat.menu.edit, exact: true }).click();
            await page.getByText(t.chat.edit.editing, { exact: true }).waitFor();
            await check('composer while editing');
            await page.getByRole('button', { name: t.chat.edit.cancel, exact: true }).click();
            await page.getByRole('button', { name: t.chat.emojiButton, exact: true }).click();
            await page.getByRole('tablist', { name: t.chat.emoji.categories }).waitFor();
            await check('emoji panel');
            await page.getByRole('button', { name: t.chat.moreButton, exact: true }).click();
            await page.getByText(t.chat.plus.file, { exact: true }).waitFor();
            await check('plus panel');

            // The chat list's actions sheet (the context-menu key on a focused row, as a long press).
            await page.goto(app.path('/'));
            const row = page
              .getByRole('list', { name: t.route.home })
              .getByRole('button')
              .filter({ hasText: 'Harvest crew' });
            await row.focus();
            await page.keyboard.press('Shift+F10');
            await menu.waitFor();
            await check('chat list actions sheet');
            await page.keyboard.press('Escape');

            // The chat's details and its delete confirmation, and the group's page.
            await page.goto(app.path(`/pages/message/detail?id=${bId}`));
            await page.getByText(t.chatDetail.searchHistory, { exact: true }).waitFor();
            await check('chat details');
            await dialog(
              view,
              page.getByRole('button', { name: t.chatDetail.delete, exact: true }),
              'alertdialog',
              'delete chat confirmation',
            );
            await page.goto(app.path(`/pages/message/group/info?id=${groupId}`));
            await page.getByText('Harvest crew').first().waitFor();
            await check('group info');
            assert.deepEqual(view.found, []);
          });
        }
      });
    }
  },
);
