// Turns a thread into list rows: a time label before the first message and wherever two
// messages are more than five minutes apart, as chat apps do to keep the list readable.
import type { ChatMessage } from '../../types';

export const TIME_GAP_MS = 5 * 60_000;

export type ThreadRow =
  { kind: 'time'; key: string; sendTime: number } | { kind: 'message'; key: string; message: ChatMessage };

export function buildRows(messages: ChatMessage[]): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let previous: number | null = null;
  for (const message of messages) {
    if (previous === null || message.sendTime - previous > TIME_GAP_MS) {
      rows.push({ kind: 'time', key: `t-${message.id}`, sendTime: message.sendTime });
    }
    rows.push({ kind: 'message', key: message.id, message });
    previous = message.sendTime;
  }
  return rows;
}
