// The console's reports and announcements (manage/report/*, manage/index/*Notice),
// with the answers' shapes.
import * as v from 'valibot';

import { apiPost, apiPostEnvelope } from '@web/lib/api-client';

const ContextLineSchema = v.object({
  msg_id: v.number(),
  from: v.object({ id: v.number(), name: v.string() }),
  type: v.string(),
  content: v.string(),
  sendTime: v.number(),
  reported: v.boolean(),
  /** A group's system line (type 'event'), worded by the console as the chat words it. */
  system: v.optional(v.unknown()),
});
export type ReportLine = v.InferOutput<typeof ContextLineSchema>;

export const ReportSchema = v.looseObject({
  id: v.number(),
  reporter_name: v.string(),
  conversation: v.optional(v.string(), ''),
  /** '' for a one-to-one chat. */
  group_name: v.optional(v.string(), ''),
  sender_id: v.number(),
  sender_name: v.string(),
  reason: v.string(),
  note: v.string(),
  context: v.array(ContextLineSchema),
  status: v.number(),
  create_time: v.number(),
});
export type Report = v.InferOutput<typeof ReportSchema>;

/** -1 every report, else one status: 0 open, 1 dismissed, 2 message hidden, 3 sender disabled. */
export async function fetchReports(q: { page: number; limit: number; status: number }) {
  const { data, count } = await apiPostEnvelope('/manage/report/index', q, v.array(ReportSchema));
  return { rows: data, count: count ?? data.length };
}

export type ReportDecision = 'dismiss' | 'hide' | 'disableSender';
export const decideReport = (decision: ReportDecision, id: number) =>
  apiPost(`/manage/report/${decision}`, { id }, v.unknown());

export const NoticeSchema = v.looseObject({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  create_time: v.number(),
  update_time: v.number(),
});
export type Notice = v.InferOutput<typeof NoticeSchema>;

export async function fetchNotices(q: { page: number; limit: number }) {
  const { data, count } = await apiPostEnvelope('/manage/index/noticeList', q, v.array(NoticeSchema));
  return { rows: data, count: count ?? data.length };
}
export const publishNotice = (notice: { id?: number; title: string; content: string }) =>
  apiPost('/manage/index/publishNotice', notice, v.unknown());
export const deleteNotice = (id: number) => apiPost('/manage/index/delNotice', { id }, v.unknown());
