// common/pub: the unauthenticated account calls.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';

import { welcomeNewcomer } from '../actions/auto-add';
import { endEverySession, endLogin } from '../actions/sessions';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { giveBackInvitation, takeInvitation, usable } from '../db/invitations';
import { settleGuess } from '../db/login-guard';
import { placeOf, recordLoginPlace } from '../db/login-places';
import { readUserSetting } from '../db/user-settings';
import { findUserByAccount, findUserById, insertUser, recordLogin } from '../db/users';
import { checkCode, issueCode } from '../db/verification-codes';
import { FILE_COOKIE, FILE_COOKIE_PATHS, jwtSecret, setFileCookie, tokenTtl } from '../middleware/auth';
import { countGuess } from '../middleware/guess-limit';
import { credentials, input } from '../middleware/params';
import { burstLimit, spaceRegistrations } from '../middleware/rate-limit';
import { LoginBody, type LoginResult, RegisterBody, SendCodeBody, type UserInfo } from '../protocol/account';
import { sysSwitch } from '../protocol/config-values';
import { configNumber } from '../protocol/config-values';
import type { SystemInfo } from '../protocol/system-info';
import { accountRefusal, sharedDemoAccount } from '../services/account-rules';
import { forgetToken } from '../services/auth-cache';
import { translate } from '../services/i18n';
import { hashPassword, verifyPassword } from '../services/password';
import { envelope, refuse } from '../services/replies';
import { publicConfig } from '../services/system-config';
import { bearerToken, issueToken, readToken, rolesFor } from '../services/tokens';
import { selfView } from '../services/user-view';
import {
  CODE_DAILY_PER_ADDRESS,
  codeHourlyMax,
  EMAIL_PATTERN,
  needsAccount,
  PHONE_PATTERN,
} from '../services/verification';
import { senderFor } from './code-sender';

export const pub = new Hono<AppEnv>();

/** A well-formed hash no password matches (all-zero salt and digest), verified for unknown accounts. */
const UNKNOWN_ACCOUNT_HASH = `pbkdf2-sha256$600000$${btoa('\0'.repeat(16))}$${btoa('\0'.repeat(32))}`;

pub.post('/getsysteminfo', async (c) => {
  const config = await loadConfig(c.env.DB);
  return c.json(envelope(publicConfig(config, c.env.DEMO_MODE === 'true') satisfies SystemInfo));
});

pub.post('/login', async (c) => {
  const body = credentials(c, LoginBody);
  await countGuess(c, body.account);
  const user = await findUserByAccount(c.env.DB, body.account);
  // An unknown account costs the same PBKDF2 work as a wrong password, so timing reveals nothing.
  const ok =
    'code' in body
      ? !!user &&
        (await checkCode(c.env.DB, body.account, 1, body.code).then(
          () => true,
          () => false,
        ))
      : (await verifyPassword(body.password, user?.password_hash ?? UNKNOWN_ACCOUNT_HASH)) && !!user;
  if (!user || !ok) throw refuse('code' in body ? 'user.codeErr' : 'user.passErr');
  if (user.status !== 1) throw refuse('user.forbid');
  // The site closed by an operator (sysInfo.state '0'): only operators sign in, the rest are told why.
  const { sysInfo: site } = await loadConfig(c.env.DB);
  if (user.role === 0 && !sysSwitch(site, 'state'))
    throw refuse(site.closeTips ? 'system.siteClosedTips' : 'system.siteClosed', { tips: site.closeTips });
  await Promise.all([
    settleGuess(c.env.DB, body.account, c.get('requestIp')),
    recordLogin(c.env.DB, user.user_id, c.get('requestIp')),
    recordLoginPlace(c.env.DB, user.user_id, placeOf(c.req.raw.cf)),
  ]);
  const { token, expiresAt } = await issueToken(
    jwtSecret(c.env),
    { uid: user.user_id, roles: rolesFor(user.role), permissions: [], ver: user.token_version },
    tokenTtl(c.env),
  );
  setFileCookie(c, token, expiresAt);
  return c.json(
    envelope(
      {
        sessionId: opaqueSessionId(),
        authToken: `bearer ${token}`,
        tokenExpired: expiresAt,
        userInfo: selfView(user, await readUserSetting(c.env.DB, user.user_id)),
      } satisfies LoginResult,
      translate(c.get('lang'), 'user.loginOk'),
    ),
  );
});

/**
 * The reference's login answers a PHP session id, which its web client sends back as a `sessionId`
 * header and sends `Authorization` only while it holds one. Parley needs no such session: this is
 * a fresh random value, stored nowhere and read by nothing, so it can never stand in for the token.
 */
const opaqueSessionId = () => crypto.randomUUID().replaceAll('-', '');

pub.post('/logout', async (c) => {
  // Never fails: logging out with a dead token is still a logout.
  const raw = bearerToken(c.req.header('authorization'));
  const identity = raw ? await readToken(jwtSecret(c.env), raw) : null;
  if (identity) await endLogin(c.env, identity);
  if (raw) forgetToken(raw);
  for (const path of FILE_COOKIE_PATHS) deleteCookie(c, FILE_COOKIE, { path });
  return c.json(envelope(null, translate(c.get('lang'), 'user.logoutOk')));
});

/** Authenticated (worker/index.ts): every token of the user stops working and every socket closes. */
pub.post('/logoutall', async (c) => {
  const uid = c.get('identity').uid;
  // The account's row is read only while the demo runs.
  if (c.env.DEMO_MODE === 'true' && sharedDemoAccount(await findUserById(c.env.DB, uid), c.env.DEMO_MODE))
    throw refuse('system.demoMode');
  await endEverySession(c.env, uid);
  for (const path of FILE_COOKIE_PATHS) deleteCookie(c, FILE_COOKIE, { path });
  return c.json(envelope(null, translate(c.get('lang'), 'user.logoutAllOk')));
});

pub.post('/register', burstLimit('register'), async (c) => {
  const body = credentials(c, RegisterBody);
  const config = await loadConfig(c.env.DB);
  const { sysInfo } = config;
  const ip = c.get('requestIp');
  // Registration closes with the site (sysInfo.state '0'), with the operator's closing text.
  if (!sysSwitch(sysInfo, 'state'))
    throw refuse(sysInfo.closeTips ? 'system.siteClosedTips' : 'system.siteClosed', { tips: sysInfo.closeTips });
  if (sysInfo.regtype !== '1' && sysInfo.regtype !== '2') throw refuse('user.closeRegister');
  if (sysInfo.regtype === '2' && !(body.inviteCode && (await usable(c.env.DB, body.inviteCode))))
    throw refuse('user.inviteCode');
  const regauth = configNumber(sysInfo.regauth, 0);
  const refusal = accountRefusal(body.account, regauth);
  if (refusal) throw refuse(refusal);
  if (await findUserByAccount(c.env.DB, body.account)) throw refuse('user.already');
  if (regauth > 0) {
    if (!body.code) throw refuse('user.codeRequired');
    await checkCode(c.env.DB, body.account, 2, body.code);
  }
  // Claimed once the registration can succeed, before the costly hash: a refused attempt uses no turn.
  await spaceRegistrations(c, configNumber(sysInfo.registerInterval, 0));
  // An invitation's use is taken last and atomically (a code of N uses lets in N), given back if the account was taken meanwhile.
  const invitation = sysInfo.regtype === '2' ? body.inviteCode! : '';
  if (invitation && !(await takeInvitation(c.env.DB, invitation))) throw refuse('user.inviteCode');
  const email = body.email || (EMAIL_PATTERN.test(body.account) ? body.account : '');
  const passwordHash = await hashPassword(body.password);
  const user = await insertUser(c.env.DB, {
    account: body.account,
    realname: body.realname,
    passwordHash,
    email,
    isAuth: regauth > 0 ? 1 : 0,
    registerIp: ip,
  });
  if (!user) {
    if (invitation) await giveBackInvitation(c.env.DB, invitation);
    throw refuse('user.already');
  }
  // The automatic agent and group (chatInfo.autoAddUser / autoAddGroup): never fail the registration.
  await welcomeNewcomer(c.env, config, user).catch((error) =>
    console.error('registration extras failed for', user.user_id, error),
  );
  return c.json(envelope(selfView(user) satisfies UserInfo, translate(c.get('lang'), 'user.registerOk')));
});

// A code (db/verification-codes.ts): per address one a minute and CODE_DAILY_PER_ADDRESS a day,
// CODE_HOURLY_MAX an hour over all. A login or reset code goes only to an active account; for any
// other address the answer is the same, and nothing is sent (its sending never holds the answer).
pub.post('/sendcode', burstLimit('code'), async (c) => {
  const { account, type } = input(c, SendCodeBody);
  if (!PHONE_PATTERN.test(account) && !EMAIL_PATTERN.test(account)) throw refuse('user.accountVerify');
  const sender = senderFor(c.env, c.get('lang'));
  if (!sender || sender.reaches?.(account) === false) throw refuse('user.codeUnavailable');
  const deliver = !needsAccount(type) || (await findUserByAccount(c.env.DB, account))?.status === 1;
  const caps = { perAddressDaily: CODE_DAILY_PER_ADDRESS, hourly: codeHourlyMax(c.env) };
  // The dev mailbox (development only) is written before the answer, so the code is there to read.
  const quiet = needsAccount(type) && c.env.DEV_MAILBOX !== 'true';
  const later = quiet ? (sending: Promise<void>) => c.executionCtx.waitUntil(sending) : undefined;
  await issueCode(c.env.DB, sender, { account, type, deliver, caps, later });
  return c.json(envelope(null, translate(c.get('lang'), 'system.sendOk')));
});
