// Writes that must be on disk before the page goes away (the chat outbox's IndexedDB puts): an
// update reloads the page only once every write started before it has finished.
const pending = new Set<Promise<unknown>>();

/** Tracks a write until it settles; answers the same promise. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  pending.add(write);
  const done = () => void pending.delete(write);
  write.then(done, done);
  return write;
}

/** Resolves once every write tracked so far has settled (failed ones too: nothing more can be done). */
export async function writesSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
