// Every people screen in vi, en and zh-CN on a 390×844 phone, in run mode 2: the
// address book, friend requests (each tab), contact search with a result, a contact's card, my QR
// code, scan, explore (a configured link), the web view, profile, security and the Me tab. Each
// screen must show no translation key (a missing text shows its key) and no text of another
// language (an untranslated string), and axe-core must find no serious or critical violation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  EXPLORE_LINK,
  locale,
  screenLines,
  SOCIAL_CONFIG,
  startApp,
  uniqueAccount,
} from './harness.mjs';

const LANGS = ['vi', 'en', 'zh-CN'];
const TEXTS = Object.fromEntries(LANGS.map((lang) => [lang, locale(lang)]));
const PASSWORD = 'secret-123';
/** The groups of texts the people screens use, besides the app's frame (tabs, titles, common words). */
const GROUPS = [
  'people',
  'profile',
  'secure',
  'myQr',
  'scan',
  'explore',
  'webview',
  'route',
  'tabs',
  'mine',
  'common',
  'contacts',
];
/** Texts vi or zh-CN rightly word as English does (names, loanwords). */
const SAME_IN_ALL = new Set(['Parley', 'English', 'Video', '[Video]', 'Email']);

/** Every text of `groups` in a locale, by its dotted key. */
function leaves(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );
}
const KEYS = new Set(GROUPS.flatMap((group) => leaves(TEXTS.vi[group], `${group}.`).map(([key]) => key)));
/** What i18next shows for a key it lacks: the key itself, starting with one of our groups. */
const KEY_LIKE = new RegExp(`^(${Object.keys(TEXTS.vi).join('|')})(\\.[A-Za-z_]+)+$`);

/**
 * Texts that would betray another language on a page in `lang`: every whole text (no placeholder)
 * of the other locales that `lang` words differently, at least 4 characters long.
 */
function foreignTexts(lang) {
  const own = new Map(GROUPS.flatMap((group) => leaves(TEXTS[lang][group], `${group}.`)));
  const foreign = new Set();
  for (const other of LANGS.filter((l) => l !== lang)) {
    for (const group of GROUPS) {
      for (const [key, value] of leaves(TEXTS[other][group], `${group}.`)) {
        if (value.includes('{{') || value.length < 4) continue;
        // The same words in both files: a text copied untranslated, unless it is the same in both languages.
        if (own.get(key) === value && (other !== 'en' || lang === 'en' || SAME_IN_ALL.has(value))) continue;
        // The language picker names each language in its own words: allowed everywhere.
        if ([...own.values()].includes(value)) continue;
        foreign.add(value);
      }
    }
  }
  return foreign;
}

/** The screen's visible lines and labels: no dotted key of ours, no text of another language. */
async function expectTranslated(page, lang, screen) {
  const lines = await screenLines(page);
  const keys = lines.filter((line) => KEYS.has(line) || KEY_LIKE.test(line));
  assert.deepEqual(keys, [], `${screen} (${lang}): translation keys shown instead of texts`);
  const foreign = foreignTexts(lang);
  const untranslated = lines.filter((line) => foreign.has(line));
  assert.deepEqual(untranslated, [], `${screen} (${lang}): texts of another language`);
}

describe('the people screens in vi, en and zh-CN', { timeout: 600_000 }, () => {
  let app;
  let me;
  let friend;
  before(async () => {
    app = await startApp({
      name: 'people-screens',
      config: SOCIAL_CONFIG,
      shared: true,
    });
    // Me, a friend, and someone whose request waits for me.
    const people = {};
    for (const [who, realname] of [
      ['me', 'Linh Pham'],
      ['friend', 'Minh Vo'],
      ['asker', 'Quang Ha'],
    ]) {
      const account = uniqueAccount(`ps${who}`);
      const registered = await app.api('/common/pub/register', { account, realname, password: PASSWORD });
      assert.equal(registered.code, 0, JSON.stringify(registered));
      const login = (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
      people[who] = { account, token: login.authToken, id: login.userInfo.user_id, realname };
    }
    const asked = await app.api(
      '/enterprise/friend/add',
      { user_id: people.me.id, remark: 'Hello from the team' },
      people.friend.token,
    );
    assert.equal(asked.code, 0, JSON.stringify(asked));
    const accepted = await app.api(
      '/enterprise/friend/update',
      { friend_id: asked.data.friend_id, status: 1 },
      people.me.token,
    );
    assert.equal(accepted.code, 0, JSON.stringify(accepted));
    const pending = await app.api(
      '/enterprise/friend/add',
      { user_id: people.me.id, remark: 'We met at the fair' },
      people.asker.token,
    );
    assert.equal(pending.code, 0, JSON.stringify(pending));
    me = people.me;
    friend = people.friend;
  });
  after(async () => {
    await app?.close();
  });

  for (const lang of LANGS) {
    test(`every people screen in ${lang}`, async () => {
      const t = TEXTS[lang];
      const { page, errors } = await app.user({ language: lang });
      await app.signIn(page, me.account, PASSWORD, { lang });
      const check = async (route, screen, ready, { iframes = true } = {}) => {
        await page.goto(app.path(route));
        await ready();
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        await expectTranslated(page, lang, screen);
        await expectNoSeriousA11yViolations(page, `${screen} (${lang})`, { iframes });
        await expectNoHorizontalOverflow(page, `${screen} (${lang})`);
      };

      await check('/pages/contacts/index', 'address book', () =>
        page.getByRole('main').getByText(friend.realname).first().waitFor(),
      );
      await check('/pages/contacts/friend', 'friend requests, received', () =>
        page.getByText('We met at the fair').waitFor(),
      );
      for (const tab of [t.people.requests.sent, t.people.requests.toAgree]) {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
        await expectTranslated(page, lang, `friend requests, ${tab}`);
        await expectNoSeriousA11yViolations(page, `friend requests, ${tab} (${lang})`);
      }
      await check('/pages/contacts/search', 'contact search', async () => {
        await page.getByLabel(t.people.search.label, { exact: true }).fill(friend.account);
        await page.getByRole('button', { name: t.people.search.submit, exact: true }).click();
        await page.getByText(t.people.search.friends).first().waitFor();
      });
      await check(`/pages/contacts/detail?id=${friend.id}`, 'contact detail', () =>
        page.getByRole('button', { name: t.people.detail.deleteFriend }).waitFor(),
      );
      await check('/pages/index/qrcode', 'my QR code', () =>
        page.getByRole('img', { name: t.myQr.codeLabel }).waitFor(),
      );
      await check('/pages/index/scan', 'scan', () =>
        page.getByRole('button', { name: t.scan.choosePicture }).waitFor(),
      );
      await check('/pages/third/index', 'explore', () => page.getByText('Parley docs').waitFor());
      // The framed site is not reachable offline; the page around it is what is checked.
      await check(
        `/pages/mine/webview?url=${encodeURIComponent(EXPLORE_LINK)}&title=Parley%20docs`,
        'web view',
        () => page.getByRole('link', { name: t.webview.openInBrowser }).waitFor(),
        { iframes: false },
      );
      await check('/pages/mine/profile', 'profile', () => page.getByLabel(t.profile.nickname).waitFor());
      await check('/pages/mine/secure', 'security', () =>
        page.getByRole('button', { name: t.secure.passwordSubmit }).waitFor(),
      );
      await check('/pages/mine/index', 'me', () =>
        page
          .getByRole('link', { name: new RegExp(t.mine.profile) })
          .first()
          .waitFor(),
      );
      assert.deepEqual(errors.map(String), []);
    });
  }
});
