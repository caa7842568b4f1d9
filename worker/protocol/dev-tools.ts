// The answers of the development tools (/dev/*, only while DEV_MAILBOX=true): what the tests and
// the benchmark read.
import * as v from 'valibot';

/** dev/mailbox: the codes "sent" to an account, newest first. */
export const MailboxEntrySchema = v.object({ account: v.string(), body: v.string(), created_at: v.number() });
export type MailboxEntry = v.InferOutput<typeof MailboxEntrySchema>;

/** dev/dropSockets: how many of the user's sockets were closed. */
export const DroppedSocketsSchema = v.object({ dropped: v.number() });
export type DroppedSockets = v.InferOutput<typeof DroppedSocketsSchema>;

const CountsSchema = v.object({
  requests: v.number(),
  /** Incoming WebSocket messages: billed as one request per 20. */
  socketMessages: v.number(),
  rowsRead: v.number(),
  rowsWritten: v.number(),
});
/** One Durable Object class's share: requests (stub calls, fetches, alarms) and its storage rows. */
export type ObjectCounts = v.InferOutput<typeof CountsSchema>;

/** dev/ledger: what the server has done that Cloudflare bills, summed since it started. */
export const LedgerSchema = v.object({
  workerRequests: v.number(),
  objects: v.record(v.string(), CountsSchema),
  d1: v.object({ rowsRead: v.number(), rowsWritten: v.number() }),
  /** Class A: put, list, multipart; class B: get, head. Deletes are free. */
  r2: v.object({ classA: v.number(), classB: v.number() }),
});
export type Ledger = v.InferOutput<typeof LedgerSchema>;
