// The address book files people under their index letter, filters by name or account without
// regard to accents, and says whose row was tapped; it reads no store, only the people it is given.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactDirectory, type Person } from '../../web/src/features/contacts';
import { groupContacts } from '../../web/src/features/contacts/components/group-contacts';

const person = (id: number, displayName: string, index?: string, account = `1380000${id}`): Person => ({ id, displayName, avatar: '', account, index });

describe('address book sections', () => {
  it('groups by index letter A–Z with # last, names sorted inside', () => {
    const sections = groupContacts([
      person(1, 'Zoe', 'Z'), person(2, '123', '#'), person(3, 'Bảo', 'B'), person(4, 'Anh', 'A'), person(5, 'Bach', 'B'),
    ], 'vi');
    expect(sections.map((s) => [s.letter, s.people.map((p) => p.displayName)])).toEqual([
      ['A', ['Anh']], ['B', ['Bach', 'Bảo']], ['Z', ['Zoe']], ['#', ['123']],
    ]);
  });

  it('files a person without an index letter under #', () => {
    expect(groupContacts([person(1, 'Ánh')]).map((s) => s.letter)).toEqual(['#']);
  });
});

describe('address book', () => {
  const PEOPLE = [person(1, 'Nguyễn Đức Anh', 'N'), person(2, 'Bao', 'B', '13900000002'), person(3, 'Chi', 'C')];

  it('lists everyone in letter sections with the count, and says who was tapped', () => {
    const onOpen = vi.fn();
    render(<ContactDirectory people={PEOPLE} loaded roundAvatar onOpen={onOpen} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['B', 'C', 'N']);
    expect(screen.getByText('3 contacts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Chi/ }));
    expect(onOpen).toHaveBeenCalledWith(PEOPLE[2]);
  });

  it('filters by name without accents or by account', () => {
    render(<ContactDirectory people={PEOPLE} loaded roundAvatar={false} onOpen={() => undefined} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'duc' } });
    expect(screen.getByText('Nguyễn Đức Anh')).toBeTruthy();
    expect(screen.queryByText('Bao')).toBeNull();
    fireEvent.change(box, { target: { value: '0002' } });
    expect(screen.getByText('Bao')).toBeTruthy();
    expect(screen.queryByText('Chi')).toBeNull();
  });

  it('reads "loading" until the list has arrived, then "no contacts" when it is empty', () => {
    const { rerender } = render(<ContactDirectory people={[]} loaded={false} roundAvatar onOpen={() => undefined} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    rerender(<ContactDirectory people={[]} loaded roundAvatar onOpen={() => undefined} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('No contacts found')).toBeTruthy();
  });
});
