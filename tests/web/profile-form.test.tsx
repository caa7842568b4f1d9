// The profile screen: the nickname is editable only where the system allows it, each
// field is checked as the server checks it, only what changed is sent, and my stored record and
// the mine tab show the answer at once. The avatar goes up as a cropped square with progress.
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX } from '@protocol/people';

import { uploadAvatar } from '../../web/src/features/profile/api/account-calls';
import { validateProfile } from '../../web/src/features/profile/utils/account-rules';
import { storage } from '../../web/src/lib/storage';
import { FakeXhr } from './fake-xhr';
import { currentPath, mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openProfile(sysInfo: Record<string, string> = {}, updated?: (body: Record<string, unknown>) => unknown) {
  // The server's record: a getUserInfo the app makes after a save (its session refresh) answers
  // the saved profile, as the real server would, never the one from before.
  let record: Record<string, unknown> = { ...USER };
  const fetchMock = mockApi({
    '/common/pub/getSystemInfo': () => systemInfo(sysInfo),
    '/enterprise/im/getUserInfo': () => record,
    '/enterprise/im/updateUserInfo': (body) => {
      const answer = updated?.(body) ?? { ...record, ...body };
      if (answer && typeof answer === 'object' && !(answer instanceof Response)) record = answer as typeof record;
      return answer;
    },
  });
  signIn();
  const router = renderApp('/pages/mine/profile');
  return { fetchMock, router, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

describe('profile screen', () => {
  it('shows my record with the nickname read-only in run mode 1', async () => {
    openProfile({ runMode: '1' });
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.getByRole('main')).toBeTruthy();
    const name = await screen.findByLabelText<HTMLInputElement>('Nickname');
    expect(name.value).toBe('Alice');
    expect(name.readOnly).toBe(true);
    expect(screen.getByText('The nickname can be changed only by an operator')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Unknown' }).checked).toBe(true);
  });

  it('lets the nickname be edited in run mode 2 or when diyName is 1', async () => {
    openProfile({ runMode: '1', diyName: '1' });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Nickname').readOnly).toBe(false));
    expect(screen.getByLabelText<HTMLInputElement>('Nickname').maxLength).toBe(REALNAME_MAX);
  });

  it('sends only what changed, then stores the answer and the mine tab shows it', async () => {
    const { fetchMock, router, user } = openProfile({ runMode: '2' });
    const name = await screen.findByLabelText('Nickname');
    await waitFor(() => expect((name as HTMLInputElement).readOnly).toBe(false));
    await user.clear(name);
    await user.type(name, 'Alicia');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByLabelText('Signature'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/updateUserInfo')).toEqual([
        { realname: 'Alicia', sex: 0, motto: 'Hello there' },
      ]),
    );
    await waitFor(() => expect(storage.getUserInfo()?.realname).toBe('Alicia'));
    expect(storage.getUserInfo()?.motto).toBe('Hello there');
    await router.navigate('/pages/mine/index');
    expect(await screen.findByText('Alicia')).toBeTruthy();
    expect(currentPath(router)).toBe('/pages/mine/index');
  });

  it('keeps the saved name when an older getUserInfo answers after the save', async () => {
    // The screen's own refresh is slow: it left before the save and answers the record from before it.
    let slow = true;
    const record = { ...USER };
    const fetchMock = mockApi({
      '/common/pub/getSystemInfo': () => systemInfo({ runMode: '2' }),
      '/enterprise/im/getUserInfo': () => {
        const answer = new Response(JSON.stringify({ code: 0, msg: '', data: { ...record } }));
        if (!slow) return answer;
        slow = false;
        return new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 600));
      },
      '/enterprise/im/updateUserInfo': (body) => ({ ...record, ...body }),
    });
    signIn();
    const router = renderApp('/pages/mine/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Nickname');
    await waitFor(() => expect((name as HTMLInputElement).readOnly).toBe(false));
    await user.clear(name);
    await user.type(name, 'Alicia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, '/enterprise/im/updateUserInfo')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(storage.getUserInfo()?.realname).toBe('Alicia');
    await router.navigate('/pages/mine/index');
    expect(await screen.findByText('Alicia')).toBeTruthy();
  });

  it('refuses a bad email before sending anything', async () => {
    const { fetchMock, user } = openProfile();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(calls(fetchMock, '/enterprise/im/updateUserInfo')).toEqual([]);
  });

  it('does not send when nothing changed', async () => {
    const { fetchMock, user } = openProfile();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing has changed')).toBeTruthy();
    expect(calls(fetchMock, '/enterprise/im/updateUserInfo')).toEqual([]);
  });

  it('opens the crop dialog for a picked picture, and Escape closes it', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:picked', revokeObjectURL: () => undefined }),
    );
    const { user } = openProfile();
    await screen.findByRole('button', { name: 'Change avatar' });
    const input = screen.getByLabelText<HTMLInputElement>('Change avatar', { selector: 'input' });
    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop avatar' });
    await waitFor(() => expect(document.activeElement).toBe(dialog.querySelector('[aria-label^="Avatar crop area"]')));
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('profile rules', () => {
  it('checks each field against the server limits, in order', () => {
    const ok = { realname: 'Al', email: 'a@b.co', motto: '' };
    expect(validateProfile(ok, true)).toBeNull();
    expect(validateProfile({ ...ok, realname: '  ' }, true)).toBe('profile.nameRequired');
    expect(validateProfile({ ...ok, realname: '' }, false)).toBeNull();
    expect(validateProfile({ ...ok, realname: 'x'.repeat(REALNAME_MAX + 1) }, true)).toBe('profile.nameTooLong');
    expect(validateProfile({ ...ok, realname: '名'.repeat(REALNAME_MAX) }, true)).toBeNull();
    expect(validateProfile({ ...ok, email: `${'a'.repeat(EMAIL_MAX)}@b.co` }, true)).toBe('profile.emailTooLong');
    expect(validateProfile({ ...ok, email: 'a@b' }, true)).toBe('profile.emailInvalid');
    expect(validateProfile({ ...ok, email: '' }, true)).toBeNull();
    expect(validateProfile({ ...ok, motto: 'm'.repeat(MOTTO_MAX + 1) }, true)).toBe('profile.mottoTooLong');
  });
});

describe('avatar upload', () => {
  it('posts the picture as multipart with progress and stores the new address', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signIn();
    const client = new QueryClient();
    const progress: number[] = [];
    const done = uploadAvatar(client, new Blob([new Uint8Array(10)], { type: 'image/webp' }), (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/common/upload/uploadAvatar');
    expect(xhr.headers.Authorization).toBe('bearer test-token');
    const file = (xhr.body as FormData).get('file') as File;
    expect(file.name).toBe('avatar.webp');
    act(() => xhr.progress(5, 10));
    xhr.answer(200, { code: 0, msg: '', data: { avatar: '/file/avatar/7.webp' } });
    await expect(done).resolves.toBe('/file/avatar/7.webp');
    expect(progress).toEqual([0.5]);
    expect(storage.getUserInfo()?.avatar).toBe('/file/avatar/7.webp');
    expect(client.getQueryData<{ avatar: string }>(['user-info'])?.avatar).toBe('/file/avatar/7.webp');
  });
});
