// What the signed-in app knows of announcements between visits to their page: bumped by each
// `announcement` frame (a new one, a change, a deletion), so an open list reads them again.
import { createStore } from '@web/lib/create-store';

export const announcementsSeen = createStore<{ version: number }>({ version: 0 });

export function announcementChanged(): void {
  announcementsSeen.set((s) => ({ version: s.version + 1 }));
}
