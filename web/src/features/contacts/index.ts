// The contacts feature's public face: the address book and the search page's people results,
// both fed by the screen (they read no store), and the Person they show.
export { ContactDirectory } from './components/contact-directory';
export { ContactResults } from './components/contact-results';
export type { Person } from './types';
