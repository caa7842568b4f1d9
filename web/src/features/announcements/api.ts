// The announcements every signed-in user reads (POST /enterprise/im/announcements), newest first.
import * as v from 'valibot';

import { apiPostEnvelope } from '@web/lib/api-client';

export const AnnouncementSchema = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  status: v.number(),
  create_time: v.number(),
  update_time: v.number(),
});
export type Announcement = v.InferOutput<typeof AnnouncementSchema>;

/** `quiet`: a background check, which tells the user of no failure. */
export async function fetchAnnouncements(
  page = 1,
  limit = 20,
  quiet = false,
): Promise<{ items: Announcement[]; count: number }> {
  const { data, count } = await apiPostEnvelope(
    '/enterprise/im/announcements',
    { page, limit },
    v.array(AnnouncementSchema),
    { quiet },
  );
  return { items: data, count: count ?? data.length };
}
