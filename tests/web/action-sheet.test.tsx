// The bottom action sheet shared by the chat list's long-press menu and a failed message's
// choices: it answers with the chosen index, or null for Cancel, a tap outside or Escape.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ActionSheetHost, showActionSheet } from '../../web/src/features/chat/components/thread/action-sheet';

const OPTIONS = [{ label: 'Retry' }, { label: 'Delete', danger: true }];

function open() {
  render(<ActionSheetHost />);
  let answer!: Promise<number | null>;
  act(() => {
    answer = showActionSheet(OPTIONS);
  });
  return answer;
}

describe('action sheet', () => {
  it('answers with the index of the chosen option and closes', async () => {
    const answer = open();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await answer).toBe(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('takes the keyboard: the first option has the focus, the arrows move among the options and Cancel, Enter chooses', async () => {
    const answer = open();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Retry' }));
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Cancel' }));
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(await answer).toBeNull();
  });

  it('answers null for Cancel, a tap outside the sheet, and Escape', async () => {
    const user = userEvent.setup();
    let answer = open();
    await user.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(await answer).toBeNull();

    act(() => {
      answer = showActionSheet(OPTIONS);
    });
    await user.click(screen.getByRole('menu').parentElement!);
    expect(await answer).toBeNull();

    act(() => {
      answer = showActionSheet(OPTIONS);
    });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(await answer).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("shows its title above the choices (a refused message's reason)", async () => {
    render(<ActionSheetHost />);
    act(() => void showActionSheet(OPTIONS, 'You are not a member of this group'));
    expect(screen.getByRole('menu', { name: 'You are not a member of this group' })).toBeTruthy();
    expect(screen.getByText('You are not a member of this group')).toBeTruthy();
  });

  it('answers null to an earlier sheet that a newer one replaced', async () => {
    const first = open();
    let second!: Promise<number | null>;
    act(() => {
      second = showActionSheet([{ label: 'Copy' }]);
    });
    expect(await first).toBeNull();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Copy' }));
    expect(await second).toBe(0);
  });
});
