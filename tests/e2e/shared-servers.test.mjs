// The harness's two shortcuts, which the other browser tests rely on: under scripts/e2e.mjs, files
// with the same server settings that say `shared` use one server (and closing a file's app leaves
// it running for the next), while other settings get a server of their own; and `signIn` puts the
// login's session where the app keeps it (localStorage), so the app opens signed in without the
// login page, and a reload keeps it so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { locale, startApp } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
const underPool = Boolean(process.env.PARLEY_E2E_POOL);

describe('shared servers and sign-in without the login page', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'shared-servers', vars: { DEMO_MODE: 'true' }, shared: true });
  });
  after(async () => {
    await app?.close();
  });

  test(
    'the same settings share one server, which outlives an app closed on it',
    { skip: !underPool && 'run through scripts/e2e.mjs (npm run test:e2e), which keeps the shared servers' },
    async () => {
      const same = await startApp({ name: 'shared-servers-2', vars: { DEMO_MODE: 'true' }, shared: true });
      assert.equal(same.url, app.url, 'one server for the same settings');
      await same.close();
      const answer = await app.api('/common/pub/getSystemInfo');
      assert.equal(answer.code, 0, 'the server still answers after the second app closed');
      // The pool fills in startServer's defaults: DEMO_MODE 'false' written out or left out is one server.
      const plain = await startApp({ name: 'shared-servers-3', shared: true });
      const spelled = await startApp({ name: 'shared-servers-4', vars: { DEMO_MODE: 'false' }, shared: true });
      try {
        assert.notEqual(plain.url, app.url, 'other settings, another server');
        assert.equal(spelled.url, plain.url, 'the defaults spelled out, the same server');
      } finally {
        await plain.close();
        await spelled.close();
      }
    },
  );

  test('signIn opens the app signed in, as the login page would leave it, and a reload keeps it', async () => {
    const [person] = await app.newPeople(1, PASSWORD);
    const { page, errors } = await app.user({ language: 'en' });
    const user = await app.signIn(page, person.account, PASSWORD, { lang: 'en' });
    assert.equal(user.account, person.account);
    assert.equal(user.user_id, person.user_id);
    assert.equal(page.url(), `${app.url}/#/`);
    await page.goto(app.path('/pages/mine/index'));
    await page.getByText(person.realname, { exact: true }).first().waitFor();
    await page.reload();
    await page.getByRole('button', { name: en.mine.logout, exact: true }).waitFor();
    assert.match(page.url(), /#\/pages\/mine\/index$/, 'still signed in after a reload');
    assert.deepEqual(errors.map(String), []);
  });
});
