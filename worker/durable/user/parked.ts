// The big groups that may be keeping events for this user (conversation/fanout/parking.ts has the group's side): a
// group parks a member whose hub had no socket open, and the hub asks each such group for what
// waits when a socket opens or the chat list is read, so the event log and `sync` stay the only
// catch-up path a client needs.
import { migrate, type MigrationStep } from '../migrations';
import { conversationHub } from '../stubs';

const STEPS: MigrationStep[] = [(sql) => sql.exec('CREATE TABLE IF NOT EXISTS parked (conversation TEXT PRIMARY KEY)')];

export class Parked {
  private readonly sql: SqlStorage;

  constructor(
    storage: DurableObjectStorage,
    private readonly env: Env,
  ) {
    migrate(storage, 'parked', STEPS);
    this.sql = storage.sql;
  }

  /** A big group may keep its events for this user until they come back. */
  park(conversation: string): void {
    this.sql.exec('INSERT OR IGNORE INTO parked (conversation) VALUES (?)', conversation);
  }

  /** Asks each group keeping events for `uid` to deliver them now; one that fails is asked again next time. */
  async resume(uid: number): Promise<void> {
    const groups = this.sql
      .exec('SELECT conversation FROM parked')
      .toArray()
      .map((r) => String(r.conversation));
    if (groups.length === 0) return;
    const at = Date.now();
    const results = await Promise.allSettled(
      groups.map((conversation) => conversationHub(this.env, conversation).resume(uid, at)),
    );
    groups.forEach(
      (conversation, i) =>
        results[i]!.status === 'fulfilled' && this.sql.exec('DELETE FROM parked WHERE conversation = ?', conversation),
    );
  }
}
