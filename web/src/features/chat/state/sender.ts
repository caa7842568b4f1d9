// Sending: optimistic (shown as 'going' at once), written to the outbox first so a reload
// loses nothing, sent in order. A send that cannot reach the server stays 'going' and is tried
// again by itself (retry-policy: growing waits, at once when the network shows it is back); only
// a refusal by the server is 'failed', with its reason, until the user retries or discards it.
import { ApiError } from '@web/lib/api-client';
import { newId } from '@web/lib/new-id';
import { storage } from '@web/lib/storage';

import * as api from '../api/chat-api';
import type { ChatMessage, ChatState, ContactKey } from '../types';
import { outbox, type OutboxEntry } from './outbox';
import { type RetryClock, RetryPolicy } from './retry-policy';
import { mergeMessages, updateMessage, withContact, withThread } from './thread-ops';

interface Host {
  getState(): ChatState;
  set(update: (s: ChatState) => ChatState): void;
  contact(key: ContactKey): { is_group: number; displayName: string } | undefined;
}

export class Sender {
  private flushing: Promise<void> | null = null;
  /** Something was queued while a flush was running, after it had read the outbox. */
  private rerun = false;
  private lastCreatedAt = 0;
  private readonly retries: RetryPolicy;

  constructor(
    private readonly host: Host,
    clock?: RetryClock,
  ) {
    this.retries = new RetryPolicy(() => void this.flush(), clock);
  }

  /** A sign the network is back (an `online` event, any answer, any socket frame): retry now if something waits. */
  networkBack(): void {
    this.retries.networkBack();
  }

  /** Signing out: no more tries until the next restore. */
  stop(): void {
    this.retries.stop();
  }

  async sendText(
    key: ContactKey,
    content: string,
    quote?: api.OutgoingText['extends'],
    at: number[] = [],
  ): Promise<void> {
    const isGroup = this.host.contact(key)?.is_group ?? 0;
    const body: api.OutgoingText = {
      id: newId(),
      type: 'text',
      content,
      toContactId: key,
      is_group: isGroup,
      ...(quote ? { extends: quote } : {}),
      ...(at.length ? { at } : {}),
    };
    await this.enqueue({
      id: body.id,
      owner: this.host.getState().me,
      contact: key,
      createdAt: this.stamp(),
      kind: 'text',
      body: { ...body },
    });
  }

  async sendFile(
    key: ContactKey,
    file: Blob,
    fileName: string,
    type: 'image' | 'voice' | 'video' | 'file',
    duration?: number,
  ): Promise<void> {
    const id = newId();
    const body = { id, toContactId: key, type, ...(duration ? { extends: { duration } } : {}) };
    await this.enqueue({
      id,
      owner: this.host.getState().me,
      contact: key,
      createdAt: this.stamp(),
      kind: 'file',
      body,
      file,
      fileName,
    });
  }

  /** Puts a failed message back in line. */
  async retry(key: ContactKey, id: string): Promise<void> {
    const entry = (await outbox.list(this.host.getState().me)).find((e) => e.id === id);
    if (!entry) return;
    this.host.set((s) => withThread(s, key, (t) => updateMessage(t, id, { status: 'going', failReason: undefined })));
    await outbox.put({ ...entry, held: false, reason: undefined });
    await this.flush();
  }

  /** Gives up on a failed message. */
  async discard(key: ContactKey, id: string): Promise<void> {
    await outbox.remove(id);
    this.host.set((s) => withThread(s, key, (t) => ({ ...t, messages: t.messages.filter((m) => m.id !== id) })));
  }

  /** After a reload: show what is still unsent (refused ones as failed), then try to send the rest. */
  async restore(): Promise<void> {
    const entries = await outbox.list(this.host.getState().me).catch(() => []);
    for (const e of entries) this.show(e, e.held ? 'failed' : 'going');
    if (entries.length) await this.flush();
  }

  /** The outbox is ordered by createdAt: two messages in the same millisecond must still differ. */
  private stamp(): number {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  private async enqueue(entry: OutboxEntry): Promise<void> {
    this.show(entry, 'going');
    await outbox.put(entry).catch(() => undefined);
    await this.flush();
  }

  private show(entry: OutboxEntry, status: ChatMessage['status']): void {
    const me = this.host.getState().me;
    const user = storage.getUserInfo();
    const pending = {
      ...entry.body,
      msg_id: 0,
      seq: 0,
      sendTime: entry.createdAt,
      status,
      is_undo: 0,
      is_read: 0,
      pid: 0,
      type: entry.kind === 'file' ? String(entry.body.type) : String(entry.body.type ?? 'text'),
      content: entry.kind === 'file' ? '' : String(entry.body.content),
      from_user: me,
      fromUser: {
        id: me,
        user_id: me,
        realname: user?.realname ?? '',
        displayName: user?.realname ?? '',
        avatar: user?.avatar ?? '',
      },
      toContactId: entry.contact,
      toUser: entry.contact,
      is_group: Number(entry.body.is_group ?? 0),
      extends: (entry.body.extends as Record<string, unknown>) ?? null,
      file: null,
      fileName: entry.fileName,
      fileSize: entry.file?.size,
      localUrl: entry.file ? URL.createObjectURL(entry.file) : undefined,
      failReason: entry.reason,
    } as ChatMessage;
    this.host.set((s) => withThread(s, entry.contact, (t) => mergeMessages(t, [pending])));
  }

  /** Sends the outbox in order; stops at the first failure to reach the server so order is kept. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.rerun = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      // Go round again for messages written after this round read the outbox: each gets sent,
      // or, with the network down, marked unsent like the ones before it (one more quick try).
      do {
        this.rerun = false;
        await this.drain();
      } while (this.rerun);
    })().finally(() => {
      this.flushing = null;
      // Written in the moment between the last round and here: its own round.
      if (this.rerun) void this.flush();
    });
    return this.flushing;
  }

  /** Shows how far a file's upload has got, in whole percents (a re-render per percent at most). */
  private progressOf(entry: OutboxEntry): (fraction: number) => void {
    let shown = -1;
    const show = (fraction: number) => {
      const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      if (percent === shown) return;
      shown = percent;
      this.host.set((s) =>
        withThread(s, entry.contact, (t) => updateMessage(t, entry.id, { progress: percent / 100 })),
      );
    };
    show(0);
    return show;
  }

  /** The server refused it: that will not change by itself, so it waits for the user's retry. */
  private async hold(entry: OutboxEntry, reason: string): Promise<void> {
    this.host.set((s) =>
      withThread(s, entry.contact, (t) =>
        updateMessage(t, entry.id, { status: 'failed', failReason: reason, progress: undefined }),
      ),
    );
    await outbox.put({ ...entry, held: true, reason });
  }

  /** One pass over the outbox; stops where the server cannot be reached, so order is kept. */
  private async drain(): Promise<void> {
    const entries = await outbox.list(this.host.getState().me).catch(() => []);
    for (const entry of entries) {
      if (entry.held) continue;
      try {
        const sent =
          entry.kind === 'text'
            ? await api.postMessage(entry.body as unknown as api.OutgoingText)
            : await api.postFile(
                entry.file!,
                entry.fileName ?? 'file',
                entry.body as { id: string; toContactId: string; type: string },
                this.progressOf(entry),
              );
        await outbox.remove(entry.id);
        this.host.set((s) =>
          withContact(
            withThread(s, entry.contact, (t) => mergeMessages(t, [{ ...sent, status: 'succeed' }])),
            entry.contact,
            {
              lastContent: sent.content,
              lastSendTime: sent.sendTime,
              type: sent.type,
              lastFrom: sent.fromUser.id,
              lastContentUndo: 0,
            },
          ),
        );
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'refused') {
          await this.hold(entry, error.message);
          continue;
        }
        // The session is over (the API client is taking the user to login): the next start restores.
        if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'relogin'))
          return this.retries.stop();
        // Not reached, or no usable answer (network, 5xx, a proxy's page): this one and those behind
        // it wait, still 'going', and are tried again (a resend of the same id is stored once).
        this.host.set((s) => withThread(s, entry.contact, (t) => updateMessage(t, entry.id, { progress: undefined })));
        return this.retries.failed();
      }
    }
    this.retries.succeeded();
  }
}
