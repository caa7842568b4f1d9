// Texts of own messages recalled from this device. The server forgets a recalled message's
// content, so "Re-edit" can only offer what this tab remembered before asking to recall.
const drafts = new Map<string, { text: string; at: number }>();

export const recallDrafts = {
  remember(id: string, text: string, now = Date.now()): void {
    drafts.set(id, { text, at: now });
  },
  forget(id: string): void {
    drafts.delete(id);
  },
  /** The text to re-edit, while the recall window that allowed the recall still runs. */
  get(id: string, redoSeconds: number, now = Date.now()): string | null {
    const draft = drafts.get(id);
    return draft && now - draft.at <= redoSeconds * 1000 ? draft.text : null;
  },
};
