// Who is typing where, from live `typing` frames: each person is forgotten
// TYPING_EXPIRE_MS after their last renewal, when they stop, or when their message arrives. Kept in
// memory only: never stored, never part of the chat list's state.
import { TYPING_EXPIRE_MS } from '@protocol/socket';
import { createStore } from '@web/lib/create-store';

/** Chat key → user id → when their typing expires (ms). */
type Typing = Readonly<Record<string, Readonly<Record<number, number>>>>;

const store = createStore<Typing>({});
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const NOBODY: Readonly<Record<number, number>> = {};

function forget(chat: string, user: number): void {
  const id = `${chat}|${user}`;
  clearTimeout(timers.get(id));
  timers.delete(id);
  store.set((all) => {
    if (!all[chat]?.[user]) return all;
    const { [user]: _gone, ...rest } = all[chat];
    return { ...all, [chat]: rest };
  });
}

export const typingStore = {
  /** A `typing` frame's data: `toContactId` names the chat as my list does. */
  heard(data: { toContactId: number | string; user_id: number; typing: boolean }): void {
    const chat = String(data.toContactId);
    if (!data.typing) return forget(chat, data.user_id);
    const id = `${chat}|${data.user_id}`;
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => forget(chat, data.user_id), TYPING_EXPIRE_MS),
    );
    store.set((all) => ({ ...all, [chat]: { ...all[chat], [data.user_id]: Date.now() + TYPING_EXPIRE_MS } }));
  },
  /** Their message arrived: they are done typing it. */
  spoke(chat: string, user: number): void {
    forget(chat, user);
  },
  /** Signing out, or the socket dropped: nobody is known to be typing any more. */
  clear(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    store.set({});
  },
};

/** The user ids typing in `chat` now. */
export function useTypingIn(chat: string): number[] {
  const who = store.use((all) => all[chat] ?? NOBODY);
  return Object.keys(who).map(Number);
}
