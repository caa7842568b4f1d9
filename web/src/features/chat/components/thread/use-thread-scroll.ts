// Scroll behaviour of the thread: start at the bottom, stay pinned there while the user is at
// the bottom (new messages, images finishing loading), load older pages near the top without
// moving what the user is reading, and report unseen new messages otherwise. Sent to a message
// (opened at a search hit, or a tapped quote), it loads older pages until that message is there,
// centres it and marks it for a moment; one that is no longer there (recalled, expired) leaves
// the thread at the newest when opening, and where it was otherwise. Far up the history, it
// offers a way back to the newest (`away`).
// The effects below run on the data that moves the thread (rows, sizes, the seek), not on the
// helper functions made each render; and they write scrollTop through the scroller ref they are
// given, which is what this hook is for. Hence the two rules switched off for this file:
/* eslint-disable react-hooks/exhaustive-deps, react-hooks/immutability */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { ThreadRow } from './build-rows';

const BOTTOM_SLACK_PX = 48;
const LOAD_OLDER_PX = 300;
const FOCUS_MARK_MS = 2000;
/** How far above the newest (in screen heights) the way back is offered. */
const AWAY_SCREENS = 1.5;

interface Options {
  scroller: RefObject<HTMLDivElement | null>;
  rows: ThreadRow[];
  totalSize: number;
  me: number;
  /** The first page has arrived. */
  loaded: boolean;
  canLoadOlder: boolean;
  loadOlder: () => Promise<void>;
  scrollToRow: (index: number) => void;
  /** Open at this message (msg_id) instead of at the newest. */
  openAt?: number;
}

export function useThreadScroll({
  scroller,
  rows,
  totalSize,
  me,
  loaded,
  canLoadOlder,
  loadOlder,
  scrollToRow,
  openAt,
}: Options) {
  // The message being sought (null when none is), and whether the thread opened with it (then it
  // never went to the bottom).
  const target = useRef<{ msgId: number; opening: boolean } | null>(openAt ? { msgId: openAt, opening: true } : null);
  const pinned = useRef(!openAt);
  const [seekRound, setSeekRound] = useState(0);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const loading = useRef(false);
  // Distance from the bottom to restore once older rows land above the first one we had.
  const restore = useRef<{ firstKey: string; fromBottom: number } | null>(null);
  const lastKey = useRef<string | undefined>(undefined);
  const [unseen, setUnseen] = useState(false);
  const [away, setAway] = useState(false);
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
    if (!el || target.current || loading.current || !canLoadOlder || el.scrollTop > LOAD_OLDER_PX || !rows[0]) return;
    restore.current = { firstKey: rows[0].key, fromBottom: el.scrollHeight - el.scrollTop };
    loadPage();
  };

  // Seeking a message: older pages until it is there, or until it cannot be.
  useLayoutEffect(() => {
    const sought = target.current;
    if (!sought || !loaded || loadingOlder) return;
    const index = rows.findIndex((r) => r.kind === 'message' && r.message.msg_id === sought.msgId);
    if (index >= 0) {
      target.current = null;
      pinned.current = false;
      scrollToRow(index);
      setFocusedKey(rows[index]!.key);
      return;
    }
    const oldest = rows.find((r) => r.kind === 'message' && r.message.msg_id > 0);
    const passed = oldest?.kind === 'message' && oldest.message.msg_id < sought.msgId;
    if (canLoadOlder && !passed) return loadPage();
    // Not in this chat any more: an opening chat shows the newest as usual.
    target.current = null;
    if (sought.opening) {
      pinned.current = true;
      toBottom();
    }
  }, [rows, loaded, canLoadOlder, loadingOlder, seekRound]);

  /** Brings the thread to a message (a tapped quote), loading older pages as needed. Stable. */
  const seek = useCallback((msgId: number) => {
    target.current = { msgId, opening: false };
    setSeekRound((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!focusedKey) return;
    const timer = setTimeout(() => setFocusedKey(null), FOCUS_MARK_MS);
    return () => clearTimeout(timer);
  }, [focusedKey]);

  const fromBottom = (el: HTMLDivElement) => el.scrollHeight - el.scrollTop - el.clientHeight;
  const measureAway = (el: HTMLDivElement) => setAway(fromBottom(el) > el.clientHeight * AWAY_SCREENS);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = fromBottom(el) < BOTTOM_SLACK_PX;
    if (pinned.current) setUnseen(false);
    measureAway(el);
    maybeLoadOlder();
  };

  // Rows can grow below the reader, or a seek can land at the very top, without any scroll event.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) measureAway(el);
  }, [rows, totalSize, focusedKey]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    // The first rows shown are not "new messages", wherever the thread opens.
    const appended = lastKey.current !== undefined && last.key !== lastKey.current;
    lastKey.current = last.key;
    // While a message is sought, the seeking effect places the thread.
    if (target.current) return;
    if (restore.current && rows[0]!.key !== restore.current.firstKey) {
      el.scrollTop = el.scrollHeight - restore.current.fromBottom;
      restore.current = null;
    } else if (appended) {
      const fromMe = last.kind === 'message' && last.message.fromUser.id === me;
      // Sending always brings the user back down to what they sent; a thread that does not scroll
      // shows the new message already, so there is nothing to announce.
      if (pinned.current || fromMe || el.scrollHeight <= el.clientHeight) {
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
    setAway(false);
    toBottom();
  };

  return { onScroll, unseen, away, jumpToBottom, loadingOlder, focusedKey, seek };
}
