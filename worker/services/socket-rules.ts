// Pure rules for a user's sockets: how many may be open and how often one may ask for a replay.
// The close codes the hub uses are in protocol/socket.ts, where the web client reads them too.
export { REPLACED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../protocol/socket';

export const MAX_SOCKETS_PER_USER = 10;
/** One replay per socket per this long; the sync a client sends right after opening is always answered. */
export const SYNC_INTERVAL_MS = 3000;

/** What a socket knows of the token it was opened with (seconds for `sat` and `exp`). */
export interface SocketSession {
  sid: string;
  sat: number;
  ver: number;
  exp: number;
}

/** What ends sessions: one login (logout) until its tokens expire, or every token below a version. */
export type SessionEnd = { sid: string; until: number } | { belowVersion: number };

/** Whether `end` ends a socket's session; a socket opened before sockets knew their session ends only with all of them. */
export function endsSession(end: SessionEnd, session: SocketSession | undefined): boolean {
  if ('sid' in end) return session?.sid === end.sid;
  return !session || session.ver < end.belowVersion;
}

/** The sockets to close so that one more fits: the oldest first. */
export function socketsToReplace<T extends { openedAt: number }>(open: T[], max = MAX_SOCKETS_PER_USER): T[] {
  const excess = open.length + 1 - max;
  return excess > 0 ? [...open].sort((a, b) => a.openedAt - b.openedAt).slice(0, excess) : [];
}

export const syncAllowed = (syncedAt: number | undefined, now: number) =>
  syncedAt === undefined || now - syncedAt >= SYNC_INTERVAL_MS;
