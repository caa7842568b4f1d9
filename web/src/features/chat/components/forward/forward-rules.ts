// Who can receive a forward and how many (at least 1, at most 5 people). Helper
// entries of the contact list (notices, my favourites) are not conversations one can post to.
import { CHAT_KEY_PATTERN } from '@protocol/ids';
import { matchesAny } from '@web/utils/fold-text';

import { FORWARD_MAX } from '../../config/chat-config';
import { type Contact, keyOf } from '../../types';

export const forwardTargets = (contacts: Contact[]) => contacts.filter((c) => CHAT_KEY_PATTERN.test(keyOf(c.id)));

/** Toggles one target; `refused` when that would make more than the maximum. */
export function toggleTarget(
  selected: string[],
  key: string,
  max = FORWARD_MAX,
): { selected: string[]; refused: boolean } {
  if (selected.includes(key)) return { selected: selected.filter((k) => k !== key), refused: false };
  if (selected.length >= max) return { selected, refused: true };
  return { selected: [...selected, key], refused: false };
}

/** An empty query shows everyone; otherwise name or account, ignoring case and accents. */
export function matchesSearch(contact: Contact, query: string): boolean {
  return !query.trim() || matchesAny(query, [contact.displayName, contact.account]);
}
