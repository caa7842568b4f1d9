// The announcements feature's public face: the list page's body, the frame's effect, and whether a
// new one waits to be read (Mine's row and tab).
export { AnnouncementList } from './components/announcement-list';
export { announcementChanged, checkAnnouncements, forgetAnnouncements, useUnreadAnnouncements } from './store';
