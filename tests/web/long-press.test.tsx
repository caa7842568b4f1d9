// A long press opens the menu once per press: the contextmenu a phone adds to a long touch is the
// same press, but a second press straight after the first (or a quick second right-click) is not.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from '../../web/src/features/chat/hooks/use-long-press';

function Pressable({ onLongPress }: { onLongPress: () => void }) {
  const { handlers } = useLongPress(onLongPress, 500);
  return <div data-testid="row" {...handlers}>row</div>;
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
