// The development cost ledger: what the server did that Cloudflare bills (Worker and Durable Object
// requests, incoming socket messages, SQLite and D1 rows, R2 operations), summed in memory. Only a
// development build (DEV_MAILBOX and COST_LEDGER on) feeds it: worker/db/metered.ts, worker/durable/metered.ts and
// worker/middleware/cost-meter.ts. The local runtime runs the Worker and every object of its classes
// in one isolate, so these module-level sums are the whole server's; `GET /dev/ledger` reads them.

import type { Ledger, ObjectCounts } from '../protocol/dev-tools';

/** The ledger's shape is dev/ledger's answer (protocol/dev-tools.ts). */
export type { Ledger, ObjectCounts };

const ledger: Ledger = {
  workerRequests: 0,
  objects: {},
  d1: { rowsRead: 0, rowsWritten: 0 },
  r2: { classA: 0, classB: 0 },
};

export function countWorkerRequest(): void {
  ledger.workerRequests++;
}

export function countObject(className: string, field: keyof ObjectCounts, n = 1): void {
  const counts = (ledger.objects[className] ??= { requests: 0, socketMessages: 0, rowsRead: 0, rowsWritten: 0 });
  counts[field] += n;
}

export function countD1(rowsRead: number, rowsWritten: number): void {
  ledger.d1.rowsRead += rowsRead;
  ledger.d1.rowsWritten += rowsWritten;
}

export function countR2(kind: 'classA' | 'classB'): void {
  ledger.r2[kind]++;
}

/** A copy of the sums so far (a reader takes the difference between two). */
export const readLedger = (): Ledger => structuredClone(ledger);
