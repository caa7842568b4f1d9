// What the thread hands to the composer: the message being quoted, text to put back in the input
// (Re-edit of a recalled message), and my message being edited. A tiny store so neither
// imports the other.
import { useSyncExternalStore } from 'react';

import type { QuoteInfo } from '../thread/quote-block';

interface Draft {
  quote: QuoteInfo | null;
  /** Text to place in the input; the nonce makes the same text count as a new request. */
  fill: { text: string; nonce: number } | null;
  /** My text message being edited: the input holds its text until it is saved or the edit is cancelled. */
  editing: { msg_id: number; text: string } | null;
}

let draft: Draft = { quote: null, fill: null, editing: null };
const listeners = new Set<() => void>();

function update(patch: Partial<Draft>): void {
  draft = { ...draft, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const composerDraft = {
  quote: (quote: QuoteInfo) => update({ quote, editing: null }),
  edit: (msgId: number, text: string) => update({ editing: { msg_id: msgId, text }, quote: null }),
  clearEdit: () => update({ editing: null }),
  clearQuote: () => update({ quote: null }),
  fill: (text: string) => update({ fill: { text, nonce: (draft.fill?.nonce ?? 0) + 1 } }),
  reset: () => update({ quote: null, fill: null, editing: null }),
  get: () => draft,
};

export const useComposerDraft = () =>
  useSyncExternalStore(
    subscribe,
    () => draft,
    () => draft,
  );
