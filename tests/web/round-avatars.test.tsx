// The "round avatars" setting reaches every avatar, read by the Avatar itself (a group's member
// row, the forward picker, a group's collage: screens once left out), and a change redraws them at
// once; only a screen that fixes the shape (a call's) keeps its own.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Avatar } from '../../web/src/components/ui/avatar';
import { CollageAvatar } from '../../web/src/components/ui/collage-avatar';
import { ForwardPicker } from '../../web/src/features/chat/components/forward/forward-picker';
import { MemberRow } from '../../web/src/features/groups/components/member-row';
import { updateAppSetting } from '../../web/src/lib/app-setting';
import { DEFAULT_APP_SETTING, storage } from '../../web/src/lib/storage';
import { contact } from './chat-factories';
import { member } from './groups-fakes';

/** The shape of the letter avatar showing `letter`. */
function shapeOf(letter: string): 'round' | 'square' {
  const avatar = screen.getByText(letter, { selector: 'span[aria-hidden="true"]' });
  expect(avatar.className).toMatch(/rounded-(full|md)/);
  return avatar.className.includes('rounded-full') ? 'round' : 'square';
}

const setRound = (on: boolean) => act(() => updateAppSetting({ circleAvatar: on }));

describe('round avatars', () => {
  it('shapes a group member row as the setting says, and redraws it when the setting changes', () => {
    render(
      <ul>
        <MemberRow member={member(21, 0, 'Bình')} me={7} nowS={0} openProfile={false} onManage={null} />
      </ul>,
    );
    expect(shapeOf('B')).toBe('square');
    setRound(true);
    expect(shapeOf('B')).toBe('round');
    setRound(false);
    expect(shapeOf('B')).toBe('square');
  });

  it("shapes the forward picker's chats from the stored setting", () => {
    storage.setAppSetting({ ...DEFAULT_APP_SETTING, circleAvatar: true });
    render(
      <ForwardPicker
        contacts={[contact(8, { displayName: 'Bob' }), contact(9, { displayName: 'Carol' })]}
        current="8"
        busy={false}
        onConfirm={() => undefined}
      />,
    );
    expect([shapeOf('B'), shapeOf('C')]).toEqual(['round', 'round']);
    setRound(false);
    expect([shapeOf('B'), shapeOf('C')]).toEqual(['square', 'square']);
  });

  it('rounds a group collage as one picture, its cells staying square', () => {
    const { container } = render(
      <CollageAvatar
        name="Hikers"
        members={[
          { name: 'Anh', avatar: '' },
          { name: 'Bao', avatar: '' },
        ]}
      />,
    );
    const frame = container.firstElementChild!;
    expect(frame.className).toContain('rounded-md');
    setRound(true);
    expect(frame.className).toContain('rounded-full');
    expect([shapeOf('A'), shapeOf('B')]).toEqual(['square', 'square']);
  });

  it('keeps a shape the screen fixes, whatever the setting', () => {
    render(
      <>
        <Avatar name="Dan" round />
        <Avatar name="Erin" round={false} />
      </>,
    );
    expect([shapeOf('D'), shapeOf('E')]).toEqual(['round', 'square']);
    setRound(true);
    expect([shapeOf('D'), shapeOf('E')]).toEqual(['round', 'square']);
  });
});
