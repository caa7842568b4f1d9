// Scroll behaviour of the thread: start at the bottom, stay pinned there while the user is at
// the bottom (new messages, images finishing loading), load older pages near the top without
// moving what the user is reading, and report unseen new messages otherwise. Opened at a
// message (a search hit), it loads older pages until that message is there, centres it and marks
// it for a moment; a message that is no longer there (recalled, expired) opens at the newest.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ThreadRow } from './build-rows';

const BOTTOM_SLACK_PX = 48;
const LOAD_OLDER_PX = 300;
const FOCUS_MARK_MS = 2000;

interface Options {
  scroller: RefObject<HTMLDivElement | null>;
  rows: ThreadRow[];
  totalSize: number;
  me: number;
  /** The first page has arrived. */
  loaded: boolean;
  canLoadOlder: boolean;
  loadOlder: () => Promise<void>;
  focus?: { msgId: number; scrollToRow: (index: number) => void };
}

export function useThreadScroll({ scroller, rows, totalSize, me, loaded, canLoadOlder, loadOlder, focus }: Options) {
  const seeking = useRef(focus !== undefined);
  const pinned = useRef(!seeking.current);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const loading = useRef(false);
  // Distance from the bottom to restore once older rows land above the first one we had.
  const restore = useRef<{ firstKey: string; fromBottom: number } | null>(null);
  const lastKey = useRef<string | undefined>(undefined);
  const [unseen, setUnseen] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const loadPage = () => {
    loading.current = true;
    setLoadingOlder(true);
    void loadOlder().finally(() => {
      loading.current = false;
      setLoadingOlder(false);
    });
  };

  const maybeLoadOlder = () => {
    const el = scroller.current;
    if (!el || seeking.current || loading.current || !canLoadOlder || el.scrollTop > LOAD_OLDER_PX || !rows[0]) return;
    restore.current = { firstKey: rows[0].key, fromBottom: el.scrollHeight - el.scrollTop };
    loadPage();
  };

  // Seeking the message to open at: older pages until it is there, or until it cannot be.
  useLayoutEffect(() => {
    if (!seeking.current || !focus || !loaded || loadingOlder) return;
    const index = rows.findIndex((r) => r.kind === 'message' && r.message.msg_id === focus.msgId);
    if (index >= 0) {
      seeking.current = false;
      focus.scrollToRow(index);
      setFocusedKey(rows[index]!.key);
      return;
    }
    const oldest = rows.find((r) => r.kind === 'message' && r.message.msg_id > 0);
    const passed = oldest?.kind === 'message' && oldest.message.msg_id < focus.msgId;
    if (canLoadOlder && !passed) return loadPage();
    // Not in this chat any more: open at the newest as usual.
    seeking.current = false;
    pinned.current = true;
    toBottom();
  }, [rows, loaded, canLoadOlder, loadingOlder]);

  useEffect(() => {
    if (!focusedKey) return;
    const timer = setTimeout(() => setFocusedKey(null), FOCUS_MARK_MS);
    return () => clearTimeout(timer);
  }, [focusedKey]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
    if (pinned.current) setUnseen(false);
    maybeLoadOlder();
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    // The first rows shown are not "new messages", wherever the thread opens.
    const appended = lastKey.current !== undefined && last.key !== lastKey.current;
    lastKey.current = last.key;
    // Opening at a message: the seeking effect places the thread.
    if (seeking.current) return;
    if (restore.current && rows[0]!.key !== restore.current.firstKey) {
      el.scrollTop = el.scrollHeight - restore.current.fromBottom;
      restore.current = null;
    } else if (appended) {
      const fromMe = last.kind === 'message' && last.message.fromUser.id === me;
      // Sending always brings the user back down to what they sent.
      if (pinned.current || fromMe) {
        pinned.current = true;
        toBottom();
      } else setUnseen(true);
    } else if (pinned.current) toBottom();
    // A first page shorter than the screen cannot be scrolled up to ask for more.
    if (el.scrollHeight <= el.clientHeight) maybeLoadOlder();
  }, [rows, totalSize]);

  const jumpToBottom = () => {
    pinned.current = true;
    setUnseen(false);
    toBottom();
  };

  return { onScroll, unseen, jumpToBottom, loadingOlder, focusedKey };
}
