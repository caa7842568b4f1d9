// enterprise/im/reportMessage: a member reports a message they can see, with a
// reason. The report keeps the message and up to two before and after, as the reporter sees them
// (the hub's own door to each message, so a late joiner's report holds nothing from before they
// joined); operators read only that (routes/manage/reports.ts).
import { Hono } from 'hono';

import { resolveConversation } from '../actions/conversation-access';
import type { AppEnv } from '../app-env';
import { fileReport, type ReportContextLine } from '../db/reports';
import { conversationHub } from '../durable/stubs';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { ReportMessageBody } from '../protocol/manage';
import type { StoredMessage } from '../protocol/messages';
import { translate } from '../services/i18n';
import { previewOf } from '../services/message-handling';
import { envelope, refuse, settled } from '../services/replies';

export const reports = new Hono<AppEnv>();

/** Messages on each side of the reported one that the report keeps. */
const AROUND = 2;

const line = (m: StoredMessage, reported: boolean): ReportContextLine => ({
  msg_id: m.msg_id,
  from: { id: m.from_user, name: m.fromUser.displayName },
  type: m.type,
  content: m.is_undo ? '' : previewOf(m),
  sendTime: m.sendTime,
  reported,
  // A group's system line keeps who did what, so the console words it as the chat does.
  ...(m.type === 'event' && m.extends?.system ? { system: m.extends.system } : {}),
});

reports.post('/reportmessage', burstLimit('lookup'), async (c) => {
  const body = input(c, ReportMessageBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveConversation(c.env.DB, me, body.toContactId);
  const hub = conversationHub(c.env, conversation);
  const reported = settled(await hub.message(conversation, me, body.msg_id));
  if (reported.from_user === me) throw refuse('report.own');
  if (reported.is_undo) throw refuse('report.gone');
  const seqs = [...Array(AROUND * 2 + 1).keys()]
    .map((i) => reported.seq - AROUND + i)
    .filter((s) => s > 0 && s !== reported.seq);
  const around = await Promise.all(seqs.map((s) => hub.message(conversation, me, s)));
  const context = [...around.flatMap((r) => (r.ok ? [r.value] : [])), reported]
    .sort((a, b) => a.seq - b.seq)
    .map((m) => line(m, m.seq === reported.seq));
  await fileReport(c.env.DB, {
    reporter: me,
    conversation,
    seq: reported.seq,
    sender: reported.from_user,
    reason: body.reason,
    note: body.note,
    context,
  });
  return c.json(envelope(null, translate(c.get('lang'), 'report.done')));
});
