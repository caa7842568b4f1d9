// A user's presence: kept in D1 for contact lists, and pushed live (unlogged `isOnline`) to the
// people this user chats with one to one and to watchers, who look at this user's chat for a
// while without one (getContactInfo).
import { loadConfig } from '../../db/config';
import { setPresence } from '../../db/users';
import { chatSwitch } from '../../protocol/config-values';
import { migrate, type MigrationStep } from '../migrations';
import { userHub } from '../stubs';
import type { ChatList } from './chat-list';

const STEPS: MigrationStep[] = [
  (sql) => sql.exec('CREATE TABLE IF NOT EXISTS watchers (user_id INTEGER PRIMARY KEY, until INTEGER NOT NULL)'),
];

/** At most this many people hear one presence change. */
const AUDIENCE_MAX = 500;

export class Presence {
  private readonly sql: SqlStorage;

  constructor(
    storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly chats: ChatList,
  ) {
    migrate(storage, 'watchers', STEPS);
    this.sql = storage.sql;
  }

  /** Someone looking at this user's chat wants presence changes for `ttlMs`. */
  watch(watcher: number, ttlMs: number): void {
    this.sql.exec(
      'INSERT INTO watchers (user_id, until) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET until = excluded.until',
      watcher,
      Date.now() + ttlMs,
    );
  }

  async set(uid: number, online: 0 | 1): Promise<void> {
    await setPresence(this.env.DB, uid, online);
    // chatInfo.online off: the server keeps presence to itself (the web hiding it would not stop a client reading frames).
    if (!chatSwitch((await loadConfig(this.env.DB)).chatInfo, 'online')) return;
    const peers = this.audience(AUDIENCE_MAX);
    await Promise.allSettled(
      peers.map((peer) => userHub(this.env, peer).notify('isOnline', { id: uid, is_online: online }, false)),
    );
  }

  /** Who hears this user's presence: the people they chat with and current watchers, the `limit` smallest ids. */
  private audience(limit: number): number[] {
    this.sql.exec('DELETE FROM watchers WHERE until < ?', Date.now());
    const watchers = this.sql
      .exec('SELECT user_id FROM watchers ORDER BY user_id LIMIT ?', limit)
      .toArray()
      .map((r) => Number(r.user_id));
    return [...new Set([...this.chats.chatPeers(limit, true), ...watchers])].sort((a, b) => a - b).slice(0, limit);
  }
}
