// Temporary walk (not committed): issue 21's group screens in three languages at both widths.
import { a11yViolations, MOBILE, startApp, uniqueAccount } from './harness.mjs';
const PASSWORD = 'secret-123';
const app = await startApp({ name: 'walk21' });
const DESK = { viewport: { width: 1280, height: 800 } };
const out = '/tmp/walk';
const problems = [];
try {
  for (const lang of (process.env.LANGS ?? 'vi,en,zh-CN').split(',')) {
    const ids = {};
    for (const [who, realname] of [
      ['a', 'Anh Le'],
      ['b', 'Bich Do'],
      ['c', 'Cuong Ly'],
    ]) {
      const account = uniqueAccount(`w${who}`);
      await app.api('/common/pub/register', { account, realname, password: PASSWORD });
      const login = await app.api('/common/pub/login', { account, password: PASSWORD });
      ids[who] = { account, token: login.data.authToken, id: login.data.userInfo.user_id };
    }
    const made = await app.api(
      '/enterprise/group/add',
      { user_ids: [ids.b.id, ids.c.id], name: 'Orchard crew' },
      ids.a.token,
    );
    const gid = made.data?.group_id ? `group-${made.data.group_id}` : (made.data?.id ?? JSON.stringify(made));
    const groupKey =
      typeof gid === 'string' && gid.startsWith('group-') ? gid : `group-${made.data?.group_id ?? made.data?.id}`;
    await app.api('/enterprise/group/setnotice', { id: groupKey, notice: 'Meet at the gate at eight' }, ids.a.token);
    await app.api(
      '/enterprise/im/sendMessage',
      {
        id: crypto.randomUUID(),
        type: 'text',
        content: '@Bich Do @Cuong Ly see you there',
        toContactId: groupKey,
        at: [ids.b.id, ids.c.id],
      },
      ids.a.token,
    );
    for (const [size, opts] of [
      ['phone', MOBILE],
      ['desk', DESK],
    ]) {
      const [b, c] = await Promise.all([app.user({ language: lang, ...opts }), app.user({ language: lang, ...opts })]);
      for (const [u, who] of [
        [b, ids.b],
        [c, ids.c],
      ]) {
        u.page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`${lang} ${size} console: ${m.text()}`);
        });
        await app.login(u.page, who.account, PASSWORD, { lang });
      }
      const shot = async (u, name) => {
        await u.page.waitForTimeout(600);
        await u.page.screenshot({ path: `${out}/${lang}-${size}-${name}.png` });
        const v = await a11yViolations(u.page);
        if (v.length) problems.push(`${lang} ${size} ${name} axe: ${JSON.stringify(v)}`);
      };
      await shot(b, '1-list');
      await b.page.goto(app.path(`/pages/message/chat?id=${groupKey}`));
      await shot(b, '2-chat');
      await b.page.goto(app.path(`/pages/message/detail?id=${groupKey}`));
      await shot(b, '3-details');
      await c.page.goto(app.path(`/pages/message/chat?id=${groupKey}`));
      await c.page.waitForTimeout(500);
      if (size === 'phone') {
        // A removes C while C has the chat open.
        await app.api('/enterprise/group/removeuser', { id: groupKey, user_id: ids.c.id }, ids.a.token);
      }
      await shot(c, '4-removed-chat');
      await c.page.reload();
      await shot(c, '5-removed-reload');
      await b.page.goto(app.path(`/pages/message/group/info?id=${groupKey}`));
      await shot(b, '6-info');
      for (const u of [b, c]) if (u.errors.length) problems.push(`${lang} ${size} pageerror: ${u.errors.join(' | ')}`);
      await b.context.close();
      await c.context.close();
    }
  }
} finally {
  console.log(problems.join('\n') || 'no problems');
  await app.close();
}
