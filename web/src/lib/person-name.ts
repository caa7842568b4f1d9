// A person whose account an operator deleted reaches the app without a name (their messages keep
// their place, their card forgets them); the app calls them "Deleted user".
import { i18n } from './i18n';

export const shownName = (name: string | undefined): string => name || i18n.t('chat.deletedUser');
