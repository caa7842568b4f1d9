// A long press opens the menu once per press: the contextmenu a phone adds to a long touch is the
// same press, but a second press straight after the first (or a quick second right-click) is not.
// A touch press on a bubble buzzes only while the vibration setting is on.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import { useLongPress } from '../../web/src/features/chat/hooks/use-long-press';
import { storage } from '../../web/src/lib/storage';
import { message, PEER } from './chat-factories';

function Pressable({ onLongPress }: { onLongPress: () => void }) {
  const { handlers } = useLongPress(onLongPress, 500);
  return (
    <div data-testid="row" {...handlers}>
      row
    </div>
  );
}

function touchPress(row: HTMLElement, holdMs: number, { contextMenuAfterMs }: { contextMenuAfterMs?: number } = {}) {
  fireEvent.touchStart(row, { touches: [{ clientX: 10, clientY: 10 }] });
  if (contextMenuAfterMs !== undefined) {
    act(() => void vi.advanceTimersByTime(contextMenuAfterMs));
    fireEvent.contextMenu(row);
    act(() => void vi.advanceTimersByTime(holdMs - contextMenuAfterMs));
  } else act(() => void vi.advanceTimersByTime(holdMs));
  fireEvent.touchEnd(row);
}

describe('useLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens once when the phone sends contextmenu after the timer fired', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    touchPress(screen.getByTestId('row'), 900, { contextMenuAfterMs: 700 });
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('opens once when the contextmenu comes before the timer', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    touchPress(screen.getByTestId('row'), 900, { contextMenuAfterMs: 300 });
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('opens again for a second long press right after the first', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const row = screen.getByTestId('row');
    touchPress(row, 600);
    touchPress(row, 600);
    expect(onLongPress).toHaveBeenCalledTimes(2);
  });

  it('opens for each of two quick right-clicks', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const row = screen.getByTestId('row');
    fireEvent.contextMenu(row);
    act(() => void vi.advanceTimersByTime(100));
    fireEvent.contextMenu(row);
    expect(onLongPress).toHaveBeenCalledTimes(2);
  });

  it('does not open for a touch that moves (a scroll)', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const row = screen.getByTestId('row');
    fireEvent.touchStart(row, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.touchMove(row, { touches: [{ clientX: 10, clientY: 60 }] });
    act(() => void vi.advanceTimersByTime(900));
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

describe('haptic feedback of a long press on a bubble', () => {
  let vibrate: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    vibrate = vi.fn(() => true);
    // jsdom has no vibration: the phone's is stood in for on this navigator only.
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as { vibrate?: unknown }).vibrate;
  });

  function longPressBubble(vibration: boolean) {
    storage.setAppSetting({ ...storage.getAppSetting(), vibrateStatus: vibration });
    const onMenu = vi.fn();
    render(
      <MessageRow
        message={message(PEER)}
        mine={false}
        isGroup={false}
        read={false}
        recallDraft={null}
        onMenu={onMenu}
        onFailedTap={vi.fn()}
        onReedit={vi.fn()}
      />,
    );
    touchPress(screen.getByTestId('bubble'), 600);
    expect(onMenu).toHaveBeenCalledTimes(1);
  }

  it('buzzes briefly as the menu opens when the vibration setting is on', () => {
    longPressBubble(true);
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(vibrate.mock.calls[0]![0]).toBeGreaterThan(0);
  });

  it('does not buzz when the vibration setting is off', () => {
    longPressBubble(false);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('does not buzz for a right-click, even with vibration on', () => {
    storage.setAppSetting({ ...storage.getAppSetting(), vibrateStatus: true });
    render(
      <MessageRow
        message={message(PEER)}
        mine={false}
        isGroup={false}
        read={false}
        recallDraft={null}
        onMenu={vi.fn()}
        onFailedTap={vi.fn()}
        onReedit={vi.fn()}
      />,
    );
    fireEvent.contextMenu(screen.getByTestId('bubble'));
    expect(vibrate).not.toHaveBeenCalled();
  });
});
