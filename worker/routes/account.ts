// enterprise/im account calls: profile and password.
import { Hono } from 'hono';

import { pushProfile } from '../actions/profile-push';
import { endSessionsBelow } from '../actions/sessions';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { settleGuess } from '../db/login-guard';
import { personCard } from '../db/person-card';
import { changeAccount, findUserByAccount, findUserById, setPassword, updateProfile } from '../db/users';
import { checkCode, checkCodes } from '../db/verification-codes';
import { jwtSecret, tokenTtl } from '../middleware/auth';
import { countGuess } from '../middleware/guess-limit';
import { credentials, input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import {
  EditPasswordBody,
  GetUserInfoBody,
  type Session,
  UpdateUserInfoBody,
  type UserInfo,
} from '../protocol/account';
import { configNumber } from '../protocol/config-values';
import { EditAccountBody, type Person } from '../protocol/people';
import { editAccountRefusal, nameEditable, sharedDemoAccount } from '../services/account-rules';
import { forgetUser } from '../services/auth-cache';
import { translate } from '../services/i18n';
import { hashPassword, verifyPassword } from '../services/password';
import { envelope, refuse } from '../services/replies';
import { issueToken, rolesFor } from '../services/tokens';
import { publicView, selfView } from '../services/user-view';
import { senderFor } from './code-sender';

export const account = new Hono<AppEnv>();

// Look-ups like the directory's: counted, so a token cannot walk every user id for names and cards.
account.post('/getuserinfo', burstLimit('lookup'), async (c) => {
  const { user_id } = input(c, GetUserInfoBody);
  const me = c.get('identity').uid;
  const row = await findUserById(c.env.DB, user_id ?? me);
  if (!row || (row.status !== 1 && row.user_id !== me)) throw refuse('user.notExist');
  // Another person: their card plus how I stand with them (relation, my remark, where they logged in from).
  if (row.user_id === me) return c.json(envelope(selfView(row) satisfies UserInfo));
  return c.json(envelope({ ...publicView(row), ...(await personCard(c.env.DB, me, row)) } satisfies Person));
});

account.post('/updateuserinfo', burstLimit('lookup'), async (c) => {
  const body = input(c, UpdateUserInfoBody);
  const me = c.get('identity').uid;
  const before = await findUserById(c.env.DB, me);
  if (!before) throw refuse('user.notExist');
  // In the enterprise directory (run mode 1) names are the organisation's, unless it lets people choose.
  if (
    body.realname !== undefined &&
    body.realname !== before.realname &&
    !nameEditable((await loadConfig(c.env.DB)).sysInfo)
  )
    throw refuse('user.nameLocked');
  await updateProfile(c.env.DB, me, body);
  forgetUser(me);
  const row = await findUserById(c.env.DB, me);
  if (!row) throw refuse('user.notExist');
  if (row.realname !== before.realname || row.motto !== before.motto) c.executionCtx.waitUntil(pushProfile(c.env, row));
  return c.json(envelope(selfView(row) satisfies UserInfo, translate(c.get('lang'), 'system.editOk')));
});

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * Binds a new account (the original's editAccount). The holder proves it is them with the code sent
 * to the current account when it is verified, else (no code can reach it) with the password: a
 * token alone must never move an account to an address its thief controls. Refusals in this
 * order: demo mode; no code can be sent at all; the proof missing; the new account malformed, not
 * a phone number or email, or not what registration accepts; already taken; no code for it; too
 * many guesses; the password or either code wrong.
 */
account.post('/editaccount', async (c) => {
  const row = await findUserById(c.env.DB, c.get('identity').uid);
  if (!row) throw refuse('user.notExist');
  if (sharedDemoAccount(row, c.env.DEMO_MODE)) throw refuse('system.demoMode');
  // The new account is always proven by a code: without a sender there is nothing to bind with.
  if (!senderFor(c.env)) throw refuse('user.codeUnavailable');
  const raw = c.get('body');
  if (row.is_auth && !filled(raw.code)) throw refuse('user.codeRequired');
  if (!row.is_auth && !(typeof raw.password === 'string' && raw.password !== '')) throw refuse('user.passwordRequired');
  const wanted = typeof raw.account === 'string' ? raw.account.trim() : '';
  const { sysInfo } = await loadConfig(c.env.DB);
  const refusal = editAccountRefusal(wanted, configNumber(sysInfo.regauth, 0));
  if (refusal) throw refuse(refusal);
  if (wanted.toLowerCase() === row.account.toLowerCase() || (await findUserByAccount(c.env.DB, wanted)))
    throw refuse('user.already');
  // (A missing key is the object's issue in valibot, not the field's: asked here for its own message.)
  if (!filled(raw.newCode)) throw refuse('user.newCodeRequired');
  const body = credentials(c, EditAccountBody);
  // A stolen token must not buy unlimited guesses at the codes: counted as logins are.
  await countGuess(c, row.account);
  if (!row.is_auth && !(await verifyPassword(body.password, row.password_hash))) throw refuse('user.passErr');
  await checkCodes(c.env.DB, [
    ...(row.is_auth ? [{ account: row.account, type: 4, code: body.code, wrong: 'user.codeErr' as const }] : []),
    { account: body.account, type: 4, code: body.newCode, wrong: 'user.newCodeErr' },
  ]);
  await settleGuess(c.env.DB, row.account, c.get('requestIp'));
  const changed = await changeAccount(c.env.DB, row.user_id, body.account);
  if (!changed) throw refuse('user.already');
  forgetUser(row.user_id);
  return c.json(envelope(selfView(changed) satisfies UserInfo, translate(c.get('lang'), 'system.editOk')));
});

account.post('/editpassword', async (c) => {
  const body = credentials(c, EditPasswordBody);
  const row = await findUserById(c.env.DB, c.get('identity').uid);
  if (!row) throw refuse('user.notExist');
  if (sharedDemoAccount(row, c.env.DEMO_MODE)) throw refuse('system.demoMode');
  // A stolen token must not buy unlimited guesses at the password: counted as logins are.
  await countGuess(c, row.account);
  if (body.code) await checkCode(c.env.DB, row.account, 3, body.code);
  else if (!body.originalPassword || !(await verifyPassword(body.originalPassword, row.password_hash)))
    throw refuse('user.passErr');
  await settleGuess(c.env.DB, row.account, c.get('requestIp'));
  const version = await setPassword(c.env.DB, row.user_id, await hashPassword(body.password));
  // Every token and socket of the old version stops working; this device gets a fresh token.
  await endSessionsBelow(c.env, row.user_id, version);
  const { token, expiresAt } = await issueToken(
    jwtSecret(c.env),
    { uid: row.user_id, roles: rolesFor(row.role), permissions: [], ver: version },
    tokenTtl(c.env),
  );
  return c.json(
    envelope(
      { authToken: `bearer ${token}`, tokenExpired: expiresAt } satisfies Session,
      translate(c.get('lang'), 'system.editOk'),
    ),
  );
});
