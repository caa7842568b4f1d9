// Scroll behaviour of the thread: start at the bottom, stay pinned there while the user is at
// the bottom (new messages, images finishing loading), load older pages near the top without
// moving what the user is reading, and report unseen new messages otherwise.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ThreadRow } from './build-rows';

const BOTTOM_SLACK_PX = 48;
const LOAD_OLDER_PX = 300;

interface Options {
  scroller: RefObject<HTMLDivElement | null>;
  rows: ThreadRow[];
  totalSize: number;
  me: number;
  canLoadOlder: boolean;
  loadOlder: () => Promise<void>;
}

export function useThreadScroll({ scroller, rows, totalSize, me, canLoadOlder, loadOlder }: Options) {
  const pinned = useRef(true);
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

  const maybeLoadOlder = () => {
    const el = scroller.current;
    if (!el || loading.current || !canLoadOlder || el.scrollTop > LOAD_OLDER_PX || !rows[0]) return;
    loading.current = true;
    setLoadingOlder(true);
    restore.current = { firstKey: rows[0].key, fromBottom: el.scrollHeight - el.scrollTop };
    void loadOlder().finally(() => {
      loading.current = false;
      setLoadingOlder(false);
    });
  };

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
    const appended = last.key !== lastKey.current;
    lastKey.current = last.key;
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

  return { onScroll, unseen, jumpToBottom, loadingOlder };
}
