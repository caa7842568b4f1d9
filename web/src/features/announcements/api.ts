// The announcements every signed-in user reads (POST /enterprise/im/announcements), newest first.
import { type Announcement, AnnouncementListSchema } from '@protocol/console';
import { apiPostEnvelope } from '@web/lib/api-client';

export type { Announcement };

/** `quiet`: a background check, which tells the user of no failure. */
export async function fetchAnnouncements(
  page = 1,
  limit = 20,
  quiet = false,
): Promise<{ items: Announcement[]; count: number }> {
  const { data, count } = await apiPostEnvelope(
    '/enterprise/im/announcements',
    { page, limit },
    AnnouncementListSchema,
    { quiet },
  );
  return { items: data, count: count ?? data.length };
}
