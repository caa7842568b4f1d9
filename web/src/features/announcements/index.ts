// The announcements feature's public face: the list page's body and the frame's effect.
export { AnnouncementList } from './components/announcement-list';
export { announcementChanged } from './store';
