// enterprise/im account calls: profile and password (reference §1.3).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findUserById, setPassword, updateProfile } from '../db/users';
import { envelope, refuse } from '../middleware/errors';
import { credentials, input } from '../middleware/params';
import { jwtSecret, tokenTtl } from '../middleware/auth';
import { EditPasswordBody, GetUserInfoBody, UpdateUserInfoBody } from '../protocol/account';
import { hashPassword, verifyPassword } from '../services/password';
import { translate } from '../services/i18n';
import { issueToken, rolesFor } from '../services/tokens';
import { publicView, selfView } from '../services/user-view';
import { checkCode } from '../db/verification-codes';
import { forgetUser } from '../services/auth-cache';
import { settleGuess } from '../db/login-guard';
import { endSessionsBelow } from '../services/sessions';
import { countGuess } from '../middleware/guess-limit';

export const account = new Hono<AppEnv>();

account.post('/getuserinfo', async (c) => {
  const { user_id } = input(c, GetUserInfoBody);
  const me = c.get('identity').uid;
  const row = await findUserById(c.env.DB, user_id ?? me);
  if (!row || (row.status !== 1 && row.user_id !== me)) throw refuse('user.notExist');
  return c.json(envelope(row.user_id === me ? selfView(row) : publicView(row)));
});

account.post('/updateuserinfo', async (c) => {
  const body = input(c, UpdateUserInfoBody);
  const me = c.get('identity').uid;
  await updateProfile(c.env.DB, me, body);
  forgetUser(me);
  const row = await findUserById(c.env.DB, me);
  if (!row) throw refuse('user.notExist');
  return c.json(envelope(selfView(row), translate(c.get('lang'), 'system.editOk')));
});

account.post('/editpassword', async (c) => {
  const body = credentials(c, EditPasswordBody);
  const row = await findUserById(c.env.DB, c.get('identity').uid);
  if (!row) throw refuse('user.notExist');
  // Demo accounts are shared by everyone trying the app, so nobody may lock the others out.
  if (row.is_demo && c.env.DEMO_MODE === 'true') throw refuse('system.demoMode');
  // A stolen token must not buy unlimited guesses at the password: counted as logins are.
  await countGuess(c, row.account);
  if (body.code) await checkCode(c.env.DB, row.account, 3, body.code);
  else if (!body.originalPassword || !(await verifyPassword(body.originalPassword, row.password_hash))) throw refuse('user.passErr');
  await settleGuess(c.env.DB, row.account, c.get('requestIp'));
  const version = await setPassword(c.env.DB, row.user_id, await hashPassword(body.password));
  // Every token and socket of the old version stops working; this device gets a fresh token.
  await endSessionsBelow(c.env, row.user_id, version);
  const { token, expiresAt } = await issueToken(jwtSecret(c.env), { uid: row.user_id, roles: rolesFor(row.role), permissions: [], ver: version }, tokenTtl(c.env));
  return c.json(envelope({ authToken: `bearer ${token}`, tokenExpired: expiresAt }, translate(c.get('lang'), 'system.editOk')));
});
