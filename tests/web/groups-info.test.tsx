// The group's page shows what my role allows: a member sees the group and may leave; an admin
// also renames and edits the announcement; only the owner gets the settings, the hand-over and
// dissolve. Each change goes to the server, and the dangerous ones ask first.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { i18n } from '../../web/src/lib/i18n';
import { openApp } from './friends-fakes';
import { envelope } from './friends-fakes';
import { cardOf, fakeGroup, GROUP, ME, serveGroup } from './groups-fakes';
import { currentPath } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const INFO = `${PATHS.groupInfo}?id=${GROUP}`;

describe('group info', () => {
  it('shows a member the group, its announcement and the member count, but no QR code while inviting is left to managers, no management, rename or dissolve', async () => {
    const g = fakeGroup(3, { setting: { manage: 1, invite: 0, profile: 1, history: 0, nospeak: 0 } });
    serveGroup(g);
    openApp(INFO);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hikers' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Group info' })).toBeTruthy();
    expect(screen.getByText('4 members')).toBeTruthy();
    expect(screen.getByText('Meet at 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All members \(4\)/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open chat' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add members' })).toBeNull();
    expect(screen.queryByText('Group management')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dissolve group' })).toBeNull();
    // The server hands such a member no join QR; the page offers none either.
    expect(screen.queryByRole('button', { name: 'Group QR code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it("shows a member the join QR while the group lets members invite, without the manager's reset", async () => {
    serveGroup(fakeGroup(3));
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Group QR code' }));
    expect(screen.getByRole('img', { name: 'QR code to join Hikers' }).getAttribute('data-url')).toBe(
      'http://localhost/scan/g/tok',
    );
    expect(screen.queryByRole('button', { name: 'Reset QR code' })).toBeNull();
  });

  it('lets an admin reset the join QR after asking, and shows the new code', async () => {
    const server = serveGroup(fakeGroup(2, { setting: { manage: 1, invite: 0, profile: 1, history: 0, nospeak: 0 } }));
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Group QR code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset QR code' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText("Reset the group's QR code? Every code shared so far will stop working."),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR code to join Hikers' }).getAttribute('data-url')).toBe(
        'http://localhost/scan/g/fresh',
      ),
    );
    expect(server.callsTo('/enterprise/group/resetQrcode')).toEqual([{ id: GROUP }]);
    expect(await screen.findByText('The old QR code no longer works')).toBeTruthy();
  });

  it('lets a member invite when the group allows it, and rename while management is open to all', async () => {
    serveGroup(fakeGroup(3));
    openApp(INFO);
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    expect(screen.getByRole('link', { name: 'Add members' }).getAttribute('href')).toContain('mode=addMembers');
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    // The announcement stays the managers' even then: the server refuses a member's setNotice.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets an admin rename the group and publish an announcement, without the owner settings', async () => {
    const g = fakeGroup(2, { setting: { manage: 1, invite: 0, profile: 1, history: 0, nospeak: 0 } });
    const server = serveGroup(g);
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Group name' }), { target: { value: 'Trail crew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Trail crew' })).toBeTruthy();
    expect(server.callsTo('/enterprise/group/editGroupName')).toEqual([{ id: GROUP, displayName: 'Trail crew' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Announcement' });
    fireEvent.change(box, { target: { value: '  ' } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Bring water' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bring water')).toBeTruthy();
    expect(server.callsTo('/enterprise/group/setNotice')).toEqual([{ id: GROUP, notice: 'Bring water' }]);
    expect(screen.getByRole('link', { name: 'Add members' })).toBeTruthy();
    expect(screen.queryByText('Group management')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it("shows the name's limit as it is typed, in each language, instead of cutting it silently", async () => {
    serveGroup(fakeGroup(2));
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const box = screen.getByRole('textbox', { name: 'Group name' });
    expect(box.getAttribute('maxlength')).toBe('30');
    expect(screen.getByText('6/30 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(29) } });
    expect(screen.getByText('29/30 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(30) } });
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('30/30 characters: the limit').id);
    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getByText('30/30 ký tự: đã đến giới hạn')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByText('30/30 字：已达上限')).toBeTruthy();
  });

  it("saves the group's QR code as a PNG of its name, code and validity, with the button in each language", async () => {
    serveGroup(fakeGroup(3));
    // jsdom draws nothing: a 2D context that records the text, and a canvas that encodes a PNG.
    const texts: string[] = [];
    const context = new Proxy(
      { fillText: (text: string) => void texts.push(text) },
      {
        get: (target, key) => (key in target ? target[key as 'fillText'] : () => undefined),
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
      done(new Blob([new Uint8Array(8)], { type })),
    );
    const pictures: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (pictures.push(blob), 'blob:qr'),
        revokeObjectURL: () => undefined,
      }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Group QR code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save as image' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:qr', download: 'parley-group-qr.png' }]));
    expect(pictures[0]!.type).toBe('image/png');
    expect(texts).toContain('Hikers');
    expect(texts.some((text) => text.startsWith('This QR code is valid for 7 days'))).toBe(true);
    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getByRole('button', { name: 'Lưu thành ảnh' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('button', { name: '保存为图片' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('gives the owner the switches and "who can send", each saved on the server', async () => {
    const server = serveGroup(fakeGroup(1));
    openApp(INFO);
    const invite = await screen.findByRole('switch', { name: 'Members can invite people' });
    expect(invite.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(invite);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Members can invite people' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );
    expect(server.callsTo('/enterprise/group/groupSetting')).toEqual([{ id: GROUP, setting: { invite: 0 } }]);
    fireEvent.click(screen.getByRole('radio', { name: 'Only the owner and group admins' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Only the owner and group admins' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    expect(server.callsTo('/enterprise/group/groupSetting')[1]).toEqual({ id: GROUP, setting: { nospeak: 1 } });
    expect(screen.queryByRole('button', { name: 'Leave group' })).toBeNull();
    expect(screen.getByText('To leave the group without dissolving it, transfer ownership first.')).toBeTruthy();
  });

  it('transfers ownership to the chosen member only after a confirmation', async () => {
    const server = serveGroup(fakeGroup(1));
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    const choose = screen.getByRole('group', { name: 'Choose the new owner' });
    expect(within(choose).queryByRole('radio', { name: 'Alice' })).toBeNull();
    fireEvent.click(within(choose).getByRole('radio', { name: 'Chi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Make Chi the owner of this group?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('/enterprise/group/changeOwner')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('/enterprise/group/changeOwner')).toEqual([{ id: GROUP, user_id: 22 }]));
    // Now an ordinary member: the owner's controls are gone, Leave is offered.
    expect(await screen.findByRole('button', { name: 'Leave group' })).toBeTruthy();
    expect(screen.queryByText('Group management')).toBeNull();
  });

  it('dissolves (owner) or leaves (member) only once confirmed, then goes back to the chat list', async () => {
    const server = serveGroup(fakeGroup(1));
    const router = openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Dissolve group' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('/enterprise/group/removeGroup')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Dissolve group' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath(router)).toBe(PATHS.home));
    expect(server.callsTo('/enterprise/group/removeGroup')).toEqual([{ id: GROUP }]);
  });

  it('lets a member leave with their own id', async () => {
    const server = serveGroup(fakeGroup(3));
    const router = openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Leave this group?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath(router)).toBe(PATHS.home));
    expect(server.callsTo('/enterprise/group/removeUser')).toEqual([{ id: GROUP, user_id: ME }]);
  });

  it("links the group chat's detail page to the group's page", async () => {
    serveGroup(fakeGroup(3));
    openApp(`${PATHS.chatDetail}?id=${GROUP}`);
    const link = await screen.findByRole('link', { name: /Hikers/ });
    expect(link.getAttribute('href')).toContain(`${PATHS.groupInfo}?id=${GROUP}`);
  });

  it('joins from a scanned QR code, then opens the chat; an expired code says so', async () => {
    const outside = fakeGroup(3);
    const joined = fakeGroup(3);
    outside.members = outside.members.filter((m) => m.user_id !== ME);
    const server = serveGroup(joined, {
      '/scan/g/good': () => ({ ...cardOf(outside), token: 'good', action: 'groupInfo' }),
      '/scan/g/old': () => envelope({ code: 400, msg: 'This QR code has expired or is not valid' }),
      '/enterprise/group/joinGroup': () => cardOf(joined),
    });
    const router = openApp(`${PATHS.groupInfo}?qr=good`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hikers' })).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join group' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.chat}?id=${GROUP}`));
    expect(server.callsTo('/enterprise/group/joinGroup')).toEqual([{ token: 'good' }]);

    await router.navigate(`${PATHS.groupInfo}?qr=old`);
    expect((await screen.findByRole('alert')).textContent).toBe('This QR code has expired or is not valid');
    expect(screen.queryByRole('button', { name: 'Join group' })).toBeNull();
  });
});
