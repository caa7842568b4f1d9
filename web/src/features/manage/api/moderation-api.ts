// The console's reports and announcements (manage/report/*, manage/index/*Notice), read with
// worker/protocol/console.ts's schemas.
import * as v from 'valibot';

import {
  type Announcement as Notice,
  AnnouncementListSchema,
  type Report,
  type ReportLine,
  ReportListSchema,
} from '@protocol/console';
import { apiPost, apiPostEnvelope } from '@web/lib/api-client';

export type { Notice, Report, ReportLine };

/** -1 every report, else one status: 0 open, 1 dismissed, 2 message hidden, 3 sender disabled. */
export async function fetchReports(q: { page: number; limit: number; status: number }) {
  const { data, count } = await apiPostEnvelope('/manage/report/index', q, ReportListSchema);
  return { rows: data, count: count ?? data.length };
}

export type ReportDecision = 'dismiss' | 'hide' | 'disableSender';
export const decideReport = (decision: ReportDecision, id: number) =>
  apiPost(`/manage/report/${decision}`, { id }, v.unknown());

export async function fetchNotices(q: { page: number; limit: number }) {
  const { data, count } = await apiPostEnvelope('/manage/index/noticeList', q, AnnouncementListSchema);
  return { rows: data, count: count ?? data.length };
}
export const publishNotice = (notice: { id?: number; title: string; content: string }) =>
  apiPost('/manage/index/publishNotice', notice, v.unknown());
export const deleteNotice = (id: number) => apiPost('/manage/index/delNotice', { id }, v.unknown());
