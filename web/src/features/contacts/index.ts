// The contacts feature's public face: the address book, friend requests, contact search and a
// person's page, the search page's people results, the friend-request count (a store fed by the
// chat list and the socket) and the Person the lists show.
export { AddressBook } from './components/address-book';
export { ContactDetail } from './components/contact-detail';
export { ContactDirectory } from './components/contact-directory';
export { ContactResults } from './components/contact-results';
export { ContactSearch } from './components/contact-search';
export { FriendRequests } from './components/friend-requests';
export { usePendingRequests } from './hooks/use-friends';
export { contactDetailPath } from './paths';
export { friendsStore } from './state/friends-store';
export type { Person } from './types';
