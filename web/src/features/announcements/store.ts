// What the signed-in app knows of announcements between visits to their page: bumped by each
// `announcement` frame (a new one, a change, a deletion), so an open list reads them again, and
// counting the new ones not yet seen, so Mine and its tab keep a dot until the page is opened
// (a toast alone is gone in three seconds). The newest one each user has seen is kept in this
// browser (storage.ts), so the dot survives a reload, and one published while the app was
// closed leaves it too.
import { createStore } from '@web/lib/create-store';
import { storage } from '@web/lib/storage';

import { fetchAnnouncements } from './api';

export const announcementsSeen = createStore<{ version: number; unseen: number }>({ version: 0, unseen: 0 });

/** The signed-in user whose newest seen announcement is remembered (0: none). */
let reader = 0;

/** `isNew`: a newly published announcement (not a change or a deletion), which leaves the dot. */
export function announcementChanged(isNew = false): void {
  announcementsSeen.set((s) => ({ version: s.version + 1, unseen: s.unseen + (isNew ? 1 : 0) }));
}

/** The announcements page is open: everything on it has been seen, up to `newest` (the highest id it shows). */
export function announcementsRead(newest = 0): void {
  if (reader && newest > (storage.getAnnouncementSeen(reader) ?? 0)) storage.setAnnouncementSeen(reader, newest);
  if (announcementsSeen.get().unseen > 0) announcementsSeen.set((s) => ({ ...s, unseen: 0 }));
}

/**
 * At each connection: is there an announcement newer than the last `me` saw in this browser? The
 * first time here the newest counts as seen (no dot for what was published before). Quiet: a
 * failure leaves the dot as it was.
 */
export async function checkAnnouncements(me: number): Promise<void> {
  reader = me;
  const { items } = await fetchAnnouncements(1, 1, true);
  if (reader !== me) return;
  const newest = items[0]?.id ?? 0;
  const seen = storage.getAnnouncementSeen(me);
  if (seen === undefined) storage.setAnnouncementSeen(me, newest);
  else if (newest > seen && announcementsSeen.get().unseen === 0) announcementsSeen.set((s) => ({ ...s, unseen: 1 }));
}

/** Signed out: nothing of this user's dot shows to the next. */
export function forgetAnnouncements(): void {
  reader = 0;
  announcementsSeen.set((s) => ({ ...s, unseen: 0 }));
}

/** Whether a new announcement waits to be read. */
export const useUnreadAnnouncements = (): boolean => announcementsSeen.use((s) => s.unseen > 0);
