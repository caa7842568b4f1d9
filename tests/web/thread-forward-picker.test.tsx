// The forward picker takes 1 to 5 chats, never the one the message came from.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ToastHost } from '../../web/src/components/ui/toast';
import { ForwardPicker } from '../../web/src/features/chat/components/forward/forward-picker';
import { matchesSearch, toggleTarget } from '../../web/src/features/chat/components/forward/forward-rules';
import { contact } from './chat-factories';

const CONTACTS = [
  contact(8, { displayName: 'Bob' }),
  contact(9, { displayName: 'Carol' }),
  contact(10, { displayName: 'Dan' }),
  contact(11, { displayName: 'Erin' }),
  contact(12, { displayName: 'Frank' }),
  contact(13, { displayName: 'Grace' }),
  contact('group-3', { displayName: 'Hikers' }),
  contact('admin_notice', { displayName: 'System notices' }),
];

function renderPicker() {
  const onConfirm = vi.fn();
  render(
    <>
      <ForwardPicker contacts={CONTACTS} current="8" busy={false} onConfirm={onConfirm} />
      <ToastHost />
    </>,
  );
  return { onConfirm };
}

describe('forward picker', () => {
  it('disables the chat the message is forwarded from', () => {
    renderPicker();
    expect((screen.getByRole('checkbox', { name: 'Bob' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Carol' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('refuses a sixth target with a toast and keeps five', async () => {
    const { onConfirm } = renderPicker();
    for (const name of ['Carol', 'Dan', 'Erin', 'Frank', 'Grace'])
      fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hikers' }));
    expect((screen.getByRole('checkbox', { name: 'Hikers' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Selected 5/5')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Forwarding: at least 1, at most 5 people');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onConfirm).toHaveBeenCalledWith(['9', '10', '11', '12', '13']);
  });

  it('cannot send with nobody chosen, and hides helper entries that are not chats', () => {
    renderPicker();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('System notices')).toBeNull();
  });

  it('filters the list by name', () => {
    renderPicker();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'hik' } });
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual(['Hikers']);
  });

  it('matches names and accounts ignoring case and accents, and shows everyone for an empty query', () => {
    const duc = contact(14, { displayName: 'Nguyễn Đức', account: 'Đức.Anh' });
    expect(matchesSearch(duc, 'duc')).toBe(true);
    expect(matchesSearch(duc, 'NGUYEN')).toBe(true);
    expect(matchesSearch(contact(15, { displayName: 'Minh', account: 'Đức.Anh' }), 'duc.anh')).toBe(true);
    expect(matchesSearch(duc, 'minh')).toBe(false);
    expect(matchesSearch(duc, '  ')).toBe(true);
  });

  it('toggleTarget unselects a chosen target and refuses beyond the maximum', () => {
    expect(toggleTarget(['1'], '1')).toEqual({ selected: [], refused: false });
    expect(toggleTarget(['1', '2', '3', '4', '5'], '6')).toEqual({
      selected: ['1', '2', '3', '4', '5'],
      refused: true,
    });
  });
});
