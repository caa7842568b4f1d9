// A conversation's read marks: how far each member has read, kept in memory beside the
// `members` rows. A member's own message counts as read by them without a write: their mark is the
// larger of the stored one, their newest message, and the seq a cleared history left. From the
// marks and the group's system lines (never unread) the hub works out every member's unread
// count itself, so no member's hub keeps a copy of the group's messages (docs/decisions/0070).
import { CLEARED } from './rows';

export class ReadMarks {
  /** members.read_seq, as stored. */
  private stored: Map<number, number> | null = null;
  /** Each member's newest message above the lowest stored mark. */
  private own: Map<number, number> | null = null;
  /** Seqs of system lines above the lowest stored mark, ascending. */
  private systems: number[] | null = null;
  /** The placeholder a cleared history left (0 when none): nothing at or below it is unread. */
  private cleared: number | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /** How far `user` has read: the stored mark, their own newest message, or the cleared placeholder. */
  effective(user: number): number {
    const stored = this.storedMarks().get(user) ?? 0;
    return Math.max(stored, this.ownNewest().get(user) ?? 0, this.clearedSeq());
  }

  /** The stored mark only: what an explicit read moved. */
  storedMark(user: number): number {
    return this.storedMarks().get(user) ?? 0;
  }

  /** `user`'s messages through `seq` that are unread: others' messages above their mark, system lines left out. */
  unreadAt(user: number, seq: number): number {
    const read = this.effective(user);
    if (seq <= read) return 0;
    return seq - read - this.systemsIn(read, seq);
  }

  /** A message was stored (inside the write's transaction; a failed write calls forget). */
  sent(user: number, seq: number, system: boolean): void {
    if (this.own) this.own.set(user, Math.max(this.own.get(user) ?? 0, seq));
    if (system && this.systems) this.systems.push(seq);
  }

  /** Stores `user`'s mark (never lowers it). */
  read(user: number, seq: number): void {
    this.sql.exec('UPDATE members SET read_seq = MAX(read_seq, ?) WHERE user_id = ?', seq, user);
    const marks = this.storedMarks();
    if (marks.has(user)) marks.set(user, Math.max(marks.get(user)!, seq));
  }

  /** Members other than `author` who have read through `seq`. */
  readersThrough(members: number[], seq: number, author: number): number {
    return members.filter((m) => m !== author && this.effective(m) >= seq).length;
  }

  /** The furthest any member but `user` has read (their own messages up to it show as read). */
  othersRead(members: number[], user: number): number {
    return members.reduce((max, m) => (m === user ? max : Math.max(max, this.effective(m))), 0);
  }

  /** Rows changed under the memory (members added or removed, retention, clearing, a failed write). */
  forget(): void {
    this.stored = null;
    this.own = null;
    this.systems = null;
    this.cleared = null;
  }

  private storedMarks(): Map<number, number> {
    this.stored ??= new Map(
      this.sql
        .exec('SELECT user_id, read_seq FROM members')
        .toArray()
        .map((r) => [Number(r.user_id), Number(r.read_seq)]),
    );
    return this.stored;
  }

  /** Below every stored mark nothing needs counting: the scans start there. */
  private lowestMark(): number {
    let lowest = Infinity;
    for (const seq of this.storedMarks().values()) lowest = Math.min(lowest, seq);
    return Number.isFinite(lowest) ? lowest : 0;
  }

  private ownNewest(): Map<number, number> {
    this.own ??= new Map(
      this.sql
        .exec('SELECT from_user, MAX(seq) AS s FROM messages WHERE seq > ? GROUP BY from_user', this.lowestMark())
        .toArray()
        .map((r) => [Number(r.from_user), Number(r.s)]),
    );
    return this.own;
  }

  private systemSeqs(): number[] {
    this.systems ??= this.sql
      .exec(
        "SELECT seq FROM messages WHERE seq > ? AND json_extract(extends, '$.system') IS NOT NULL ORDER BY seq",
        this.lowestMark(),
      )
      .toArray()
      .map((r) => Number(r.seq));
    return this.systems;
  }

  /** A cleared history keeps one placeholder, its oldest row (conversation/store.ts clearThrough). */
  private clearedSeq(): number {
    if (this.cleared === null) {
      const first = this.sql.exec('SELECT seq, is_undo FROM messages ORDER BY seq LIMIT 1').toArray()[0];
      this.cleared = first && Number(first.is_undo) >= CLEARED ? Number(first.seq) : 0;
    }
    return this.cleared;
  }

  /** System lines in (after, through]. */
  private systemsIn(after: number, through: number): number {
    const seqs = this.systemSeqs();
    return upperBound(seqs, through) - upperBound(seqs, after);
  }
}

/** How many of the ascending `seqs` are at most `value`. */
function upperBound(seqs: number[], value: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
