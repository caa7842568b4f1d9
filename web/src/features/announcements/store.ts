// What the signed-in app knows of announcements between visits to their page: bumped by each
// `announcement` frame (a new one, a change, a deletion), so an open list reads them again, and
// counting the new ones not yet seen, so Mine and its tab keep a dot until the page is opened
// (a toast alone is gone in three seconds).
import { createStore } from '@web/lib/create-store';

export const announcementsSeen = createStore<{ version: number; unseen: number }>({ version: 0, unseen: 0 });

/** `isNew`: a newly published announcement (not a change or a deletion), which leaves the dot. */
export function announcementChanged(isNew = false): void {
  announcementsSeen.set((s) => ({ version: s.version + 1, unseen: s.unseen + (isNew ? 1 : 0) }));
}

/** The announcements page is open: everything on it has been seen. */
export function announcementsRead(): void {
  if (announcementsSeen.get().unseen > 0) announcementsSeen.set((s) => ({ ...s, unseen: 0 }));
}

/** Whether a new announcement waits to be read. */
export const useUnreadAnnouncements = (): boolean => announcementsSeen.use((s) => s.unseen > 0);
