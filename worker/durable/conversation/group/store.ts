// SQL of a group's own state in its ConversationHub (the source of truth, docs/decisions/0049): each
// member's role, join time and mute, and the group row (name, notice, settings, owner) in `meta`.
// Membership itself stays in conversation-store's `members` (with read marks); a member without a
// role row is an ordinary member (role 3) who joined at the start.
import { type MemberState, speakVerdict } from '../../../protocol/group-rules';
import { DEFAULT_GROUP_SETTING, type GroupSetting, ROLE } from '../../../protocol/groups';
import { columnsOf, type MigrationStep } from '../../migrations';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS group_roles (user_id INTEGER PRIMARY KEY, role INTEGER NOT NULL, join_time INTEGER NOT NULL, no_speak_time INTEGER NOT NULL DEFAULT 0, nickname TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS departures (user_id INTEGER PRIMARY KEY, removed_at INTEGER NOT NULL DEFAULT 0, no_speak_time INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS former_sight (user_id INTEGER PRIMARY KEY, floor INTEGER NOT NULL, until_seq INTEGER NOT NULL);
`;
/** The group's schema steps (durable/migrations.ts); step 1 adds the nickname column older hubs' role rows lack. */
export const GROUP_STEPS: readonly MigrationStep[] = [
  (sql) => {
    sql.exec(SCHEMA);
    if (!columnsOf(sql, 'group_roles').includes('nickname'))
      sql.exec("ALTER TABLE group_roles ADD COLUMN nickname TEXT NOT NULL DEFAULT ''");
  },
];

const COLUMNS = 'm.user_id, r.role, r.join_time, r.no_speak_time, r.nickname';

export interface GroupRow {
  group_id: number;
  name: string;
  notice: string;
  avatar: string;
  owner_id: number;
  create_time: number;
  /** 1 live, 0 dissolved. */
  status: number;
  setting: GroupSetting;
  /** Moved on by a manager's QR reset: join tokens of an older version stop working (0 when never reset). */
  qr_version?: number;
}

/** What the group remembers of someone who left or was removed (removal and mutes stick). */
export interface Departure {
  /** When a manager removed them (ms); 0 when they left by themselves. */
  removed_at: number;
  /** The mute they left with (unix s), which a return restores while it lasts. */
  no_speak_time: number;
}

export interface RoleRow extends MemberState {
  user_id: number;
  join_time: number;
  /** My nickname in this group; '' when none. */
  nickname: string;
}

export class GroupStore {
  private row: GroupRow | null | undefined;

  constructor(private readonly sql: SqlStorage) {}

  group(): GroupRow | null {
    if (this.row === undefined) {
      const found = this.sql.exec("SELECT value FROM meta WHERE key = 'group'").toArray()[0];
      this.row = found ? { ...(JSON.parse(String(found.value)) as GroupRow) } : null;
      if (this.row) this.row.setting = { ...DEFAULT_GROUP_SETTING, ...this.row.setting };
    }
    return this.row;
  }

  saveGroup(row: GroupRow): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES ('group', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      JSON.stringify(row),
    );
    this.row = row;
  }

  /** A member's role and mute; null for someone who is not in the group's `members`. */
  member(user: number): RoleRow | null {
    const row = this.sql
      .exec(`SELECT ${COLUMNS} FROM members m LEFT JOIN group_roles r USING (user_id) WHERE m.user_id = ?`, user)
      .toArray()[0];
    return row ? toRole(row) : null;
  }

  /** Whether `user` may post, edit or react now (whole-group and own mute, group-rules.ts). */
  speakVerdict(user: number, nowSeconds = Math.floor(Date.now() / 1000)) {
    const setting = this.group()?.setting;
    return setting ? speakVerdict(this.member(user), setting, nowSeconds) : 'ok';
  }

  /** Every member, owner first, then admins, then by join time. */
  roster(): RoleRow[] {
    return this.sql
      .exec(
        `SELECT ${COLUMNS} FROM members m LEFT JOIN group_roles r USING (user_id) ORDER BY COALESCE(r.role, 3), COALESCE(r.join_time, 0), m.user_id`,
      )
      .toArray()
      .map(toRole);
  }

  setRole(user: number, role: number, joinTime: number): void {
    this.sql.exec(
      'INSERT INTO group_roles (user_id, role, join_time) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET role = excluded.role',
      user,
      role,
      joinTime,
    );
  }

  setMute(user: number, until: number): void {
    this.sql.exec(
      'INSERT INTO group_roles (user_id, role, join_time, no_speak_time) VALUES (?, 3, 0, ?) ON CONFLICT(user_id) DO UPDATE SET no_speak_time = excluded.no_speak_time',
      user,
      until,
    );
  }

  setNickname(user: number, nickname: string): void {
    this.sql.exec(
      'INSERT INTO group_roles (user_id, role, join_time, nickname) VALUES (?, 3, 0, ?) ON CONFLICT(user_id) DO UPDATE SET nickname = excluded.nickname',
      user,
      nickname,
    );
  }

  /**
   * Someone leaves (`removedAt` 0) or is removed at `removedAt` (ms): their mute is kept for a
   * return, and a removal is remembered so join tokens minted before it no longer admit them.
   */
  noteDeparture(user: number, removedAt: number): void {
    const mute = this.member(user)?.no_speak_time ?? 0;
    this.sql.exec(
      `INSERT INTO departures (user_id, removed_at, no_speak_time) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET removed_at = MAX(departures.removed_at, excluded.removed_at), no_speak_time = excluded.no_speak_time`,
      user,
      removedAt,
      mute,
    );
  }

  departure(user: number): Departure | null {
    const row = this.sql.exec('SELECT removed_at, no_speak_time FROM departures WHERE user_id = ?', user).toArray()[0];
    return row ? { removed_at: Number(row.removed_at), no_speak_time: Number(row.no_speak_time) } : null;
  }

  /** What someone out of the group may still read (conversation/visibility.ts): their floor then, up to `untilSeq`. */
  noteFormerSight(user: number, floor: number, untilSeq: number): void {
    this.sql.exec(
      'INSERT INTO former_sight (user_id, floor, until_seq) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET floor = excluded.floor, until_seq = excluded.until_seq',
      user,
      floor,
      untilSeq,
    );
  }

  formerSight(user: number): { floor: number; untilSeq: number } | null {
    const row = this.sql.exec('SELECT floor, until_seq FROM former_sight WHERE user_id = ?', user).toArray()[0];
    return row ? { floor: Number(row.floor), untilSeq: Number(row.until_seq) } : null;
  }

  /** Out of the group: no role, no read mark; the caller refreshes the member cache. */
  remove(users: number[]): void {
    for (const user of users) {
      this.sql.exec('DELETE FROM group_roles WHERE user_id = ?', user);
      this.sql.exec('DELETE FROM members WHERE user_id = ?', user);
    }
  }

  /** After a failed write the memory may be ahead of the table. */
  forgetMemory(): void {
    this.row = undefined;
  }
}

function toRole(r: Record<string, SqlStorageValue>): RoleRow {
  return {
    user_id: Number(r.user_id),
    role: r.role === null ? ROLE.MEMBER : Number(r.role),
    join_time: Number(r.join_time ?? 0),
    no_speak_time: Number(r.no_speak_time ?? 0),
    nickname: String(r.nickname ?? ''),
  };
}
