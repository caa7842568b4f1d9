// A forwarded message is a new message (new client id, the forwarder as sender) with the same
// content. A file gets its own row bound to the target conversation, sharing the stored bytes,
// so members of the target may download it and nobody else gains access to the source.
import type { StoredMessage } from '../protocol/messages';
import type { NewMessage } from '../durable/conversation-store';
import { copyFileTo } from '../db/files';

export async function forwardCopy(env: Env, original: StoredMessage, targetConversation: string, forwarder: number): Promise<Omit<NewMessage, 'from'>> {
  const file = original.file ? await copyFileTo(env.DB, original.file.file_id, targetConversation, forwarder) : null;
  return {
    id: crypto.randomUUID(),
    type: original.type,
    content: file ? `/file/${file.file_id}` : original.content,
    extends: original.extends,
    pid: 0,
    file: file && original.file ? { ...original.file, file_id: file.file_id } : null,
  };
}
