// A user's outgoing Web Pushes: notes wait here per Topic, the newest of a chat
// replacing the one not yet sent (the push service would replace it anyway), and one drain at a
// time sends them, one request in flight per subscription, so ten messages in a row cost as many
// requests as the push service takes to answer, not ten, and the last note a chat sends counts them all.
import { forgetEndpoint, subscriptionsOf } from '../../db/push-subscriptions';
import { siteClosedTo } from '../../db/site-closed';
import { type PushNote, sendNote, vapidKeys } from '../../providers/web-push';

/** The user's "Show message text in notifications" (default on), in the UserHub's storage. */
const SHOW_TEXT_KEY = 'push:showText';
/** How long "this user has no subscription" is believed before D1 is asked again. */
const NONE_FOR_MS = 60_000;

export class PushQueue {
  private readonly waiting = new Map<string, PushNote>();
  private running: Promise<void> | null = null;
  private noneUntil = 0;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
  ) {}

  get showText(): boolean {
    return this.storage.kv.get<boolean>(SHOW_TEXT_KEY) ?? true;
  }

  set showText(on: boolean) {
    this.storage.kv.put(SHOW_TEXT_KEY, on);
  }

  /** A subscription was added: stop believing there is none. */
  subscribed(): void {
    this.noneUntil = 0;
  }

  /** Whether the user has a subscription (and the operator set keys); asks D1 at most once a minute when not. */
  async reachable(uid: number): Promise<boolean> {
    if (!vapidKeys(this.env) || Date.now() < this.noneUntil) return false;
    if (await siteClosedTo(this.env.DB, uid)) return false;
    const some = (await subscriptionsOf(this.env.DB, uid)).length > 0;
    if (!some) this.noneUntil = Date.now() + NONE_FOR_MS;
    return some;
  }

  /** Queues `notes`; the promise settles when they are sent (for waitUntil), never rejects. */
  send(uid: number, notes: PushNote[]): Promise<void> {
    if (notes.length === 0 || !vapidKeys(this.env) || Date.now() < this.noneUntil) return Promise.resolve();
    for (const note of notes) {
      this.waiting.delete(note.topic); // the newest goes last, so the newest is the one a chat keeps
      this.waiting.set(note.topic, note);
    }
    this.running ??= this.drain(uid).finally(() => (this.running = null));
    return this.running;
  }

  private async drain(uid: number): Promise<void> {
    const vapid = vapidKeys(this.env)!;
    while (this.waiting.size > 0) {
      const notes = [...this.waiting.values()];
      this.waiting.clear();
      // The site closed to all but operators: what it would have said is dropped, not kept for later.
      if (await siteClosedTo(this.env.DB, uid).catch(() => false)) return;
      const subs = await subscriptionsOf(this.env.DB, uid).catch((error: unknown) => {
        console.warn('push subscriptions unreadable', error);
        return [];
      });
      if (subs.length === 0) this.noneUntil = Date.now() + NONE_FOR_MS;
      const showText = this.showText;
      await Promise.all(
        subs.map(async (sub) => {
          for (const note of notes)
            if ((await sendNote(vapid, sub, note, showText)) === 'gone')
              return void (await forgetEndpoint(this.env.DB, sub.endpoint).catch(() => undefined));
        }),
      );
    }
  }
}
