// manage/config/*: the configuration rows an operator edits
// without a redeploy. Each key is validated (protocol/manage.ts CONFIG_INPUTS; an unknown key is
// refused), the row is merged and stored, this isolate forgets its cached copy (others follow
// within seconds), everyone online gets `updateConfig`, and the change is audited.
import { Hono } from 'hono';
import * as v from 'valibot';

import { closeOrdinarySockets, tellEveryoneOnline } from '../../actions/broadcast';
import type { AppEnv } from '../../app-env';
import { appendAudit, auditStatement } from '../../db/audit';
import { forgetConfig, loadConfig } from '../../db/config';
import { siteClosed } from '../../db/site-closed';
import { findUsersByIds } from '../../db/users';
import { superOnly } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { ConfigRows, NewInvitation } from '../../protocol/console';
import {
  type AutoAddGroupInput,
  type AutoAddUserInput,
  CONFIG_INPUTS,
  ManageSetConfigBody,
  ManageTestEmailBody,
} from '../../protocol/manage';
import { mailSettings, sendMail } from '../../providers/mail';
import { translate } from '../../services/i18n';
import { envelope, refuse } from '../../services/replies';
import { publicConfig } from '../../services/system-config';
import { senderFor } from '../code-sender';
import { makeInvitation } from './invitations';

export const manageConfig = new Hono<AppEnv>();

/** Secrets an operator may set but the console never shows back (only whether one is set). */
const HIDDEN = ['stunPass'] as const;

/** The reference's invite link: a new single-use invitation, valid for a week, as a link to the register page. */
manageConfig.post('/getinvitelink', async (c) =>
  c.json(envelope((await makeInvitation(c, 1, 7)) satisfies NewInvitation)),
);

/** A test mail through the operator's mail API, whose failure (the provider's status) is told to the operator. */
manageConfig.post('/sendtestemail', async (c) => {
  superOnly(c);
  const { to } = input(c, ManageTestEmailBody);
  const settings = mailSettings(c.env);
  if (!settings) throw refuse('manage.mailNotSet');
  const lang = c.get('lang');
  const failed = await sendMail(settings, {
    to,
    subject: translate(lang, 'mail.testSubject'),
    text: translate(lang, 'mail.testText'),
  });
  await appendAudit(c.env.DB, {
    actor: c.get('identity').uid,
    action: 'config.testEmail',
    target: `mail:${to}`,
    after: { sent: !failed },
  });
  if (failed) throw refuse('manage.mailFailed', { why: failed });
  return c.json(envelope(null, translate(lang, 'system.sendOk')));
});

manageConfig.post('/getallconfig', async (c) => {
  const config = await loadConfig(c.env.DB);
  const chatInfo: Record<string, unknown> = { ...config.chatInfo };
  for (const key of HIDDEN) chatInfo[key] = chatInfo[key] ? '********' : '';
  return c.json(envelope({ sysInfo: config.sysInfo, chatInfo, fileUpload: config.fileUpload } satisfies ConfigRows));
});

manageConfig.post('/setconfig', async (c) => {
  superOnly(c);
  const { name, value } = input(c, ManageSetConfigBody);
  const parsed = v.safeParse(CONFIG_INPUTS[name], value);
  if (!parsed.success) throw refuse('system.parameterError');
  const changes = Object.fromEntries(Object.entries(parsed.output).filter(([, x]) => x !== undefined));
  // Codes must reach people before registration or login can ask for them.
  if (name === 'sysInfo' && changes.regauth && changes.regauth !== '0' && !senderFor(c.env))
    throw refuse('user.codeUnavailable');
  if (name === 'chatInfo') await checkAutoAdd(c.env.DB, changes);
  const row = await c.env.DB.prepare('SELECT value FROM config WHERE name = ?1').bind(name).first<string>('value');
  // A row that is not a JSON object (written by hand) is replaced, as mergeConfig ignores it.
  const stored = storedRow(row);
  const before = await loadConfig(c.env.DB);
  const was = Object.fromEntries(Object.keys(changes).map((k) => [k, (before[name] as Record<string, unknown>)[k]]));
  const next = { ...stored, ...changes };
  await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO config (name, value, update_time) VALUES (?1, ?2, unixepoch())
       ON CONFLICT(name) DO UPDATE SET value = excluded.value, update_time = excluded.update_time`,
    ).bind(name, JSON.stringify(next)),
    auditStatement(c.env.DB, {
      actor: c.get('identity').uid,
      action: 'config.set',
      target: `config:${name}`,
      before: mask(was),
      after: mask(changes),
    }),
  ]);
  forgetConfig();
  const { demon_mode: _, ...config } = publicConfig(await loadConfig(c.env.DB), c.env.DEMO_MODE === 'true');
  c.executionCtx.waitUntil(tellEveryoneOnline(c.env, 'updateConfig', config).catch(() => 0));
  // Closing the site closes the sockets of everyone but the operators (db/site-closed.ts).
  if (name === 'sysInfo' && changes.state !== undefined && (await siteClosed(c.env.DB)))
    c.executionCtx.waitUntil(closeOrdinarySockets(c.env).catch(() => 0));
  return c.json(envelope(null));
});

/** The automatic extras name people: the customer-service users and the group's owner must be active users. */
async function checkAutoAdd(db: D1Database, changes: Record<string, unknown>): Promise<void> {
  const users = changes.autoAddUser as v.InferOutput<typeof AutoAddUserInput> | undefined;
  const group = changes.autoAddGroup as v.InferOutput<typeof AutoAddGroupInput> | undefined;
  const ids = [...(users?.user_ids ?? []), ...(group && group.owner_uid !== '0' ? [group.owner_uid] : [])].map(Number);
  if (ids.length === 0) return;
  const rows = await findUsersByIds(db, ids);
  const active = (id: string) => rows.get(Number(id))?.status === 1;
  if (users && !users.user_ids.every(active)) throw refuse('manage.autoUsers');
  if (group && group.owner_uid !== '0' && !active(group.owner_uid)) throw refuse('manage.autoOwner');
}

const mask = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, x]) => [k, (HIDDEN as readonly string[]).includes(k) && x ? '********' : x]),
  );

function storedRow(row: string | null): Record<string, unknown> {
  try {
    const value: unknown = row ? JSON.parse(row) : {};
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
