// The console's parts of issue 25 items 4 and 7 added for customer service: the edit dialog's
// remark and agent picker (search, choose, clear; sent only when changed), and the settings form of
// registration's automatic agent and group (chatInfo.autoAddUser / autoAddGroup saved whole).
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { asRole, bodiesOf, type Body, managed } from './console-fakes';
import { renderApp } from './helpers';

describe('the edit dialog', () => {
  const people = [
    managed(11, 'Bob', { remark: 'Pays yearly', cs_uid: 20, cs_name: 'Sam Support' }),
    managed(20, 'Sam Support'),
    managed(21, 'Sally Service'),
  ];
  const listing = (body: Body) =>
    new Response(
      JSON.stringify({
        code: 0,
        msg: '',
        data: body.keywords
          ? people.filter((p) => p.realname.toLowerCase().includes(String(body.keywords).toLowerCase()))
          : people,
        count: 3,
        page: 1,
      }),
    );

  it('shows the remark and the agent by name, finds another agent by name and sends only what changed', async () => {
    const fetchMock = asRole(1, {
      '/manage/user/index': listing,
      '/manage/user/edit': (body) => managed(11, 'Bob', body),
    });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Bob' }));
    const dialog = await screen.findByRole('dialog');
    const remark = within(dialog).getByRole('textbox', { name: 'Remark' }) as HTMLTextAreaElement;
    expect(remark.value).toBe('Pays yearly');
    const agent = within(dialog).getByRole('group', { name: 'Customer-service agent' });
    expect(agent.textContent).toContain('Sam Support');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find an agent by account or name' }), 'sally');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Sally Service' }));
    expect(agent.textContent).toContain('Sally Service');
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/user/index').at(-1)).toMatchObject({ keywords: 'sally', status: 1 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/user/edit')).toEqual([
        { user_id: 11, realname: 'Bob', email: '', sex: 2, cs_uid: 21 },
      ]),
    );
  });

  it('clears the agent and changes the remark', async () => {
    const fetchMock = asRole(1, {
      '/manage/user/index': listing,
      '/manage/user/edit': (body) => managed(11, 'Bob', body),
    });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Bob' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove agent Sam Support' }));
    expect(within(dialog).getByRole('group', { name: 'Customer-service agent' }).textContent).toContain('None');
    const remark = within(dialog).getByRole('textbox', { name: 'Remark' });
    await user.clear(remark);
    await user.type(remark, 'Moved to monthly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/user/edit')).toEqual([
        { user_id: 11, realname: 'Bob', email: '', sex: 2, remark: 'Moved to monthly', cs_uid: 0 },
      ]),
    );
  });
});

describe('the settings form of the welcome at registration', () => {
  const config = {
    sysInfo: { name: 'Parley', state: '1', regtype: '1', regauth: '0', runMode: '2' },
    chatInfo: {
      online: '1',
      autoAddUser: { status: '0', welcome: '', user_ids: [] },
      autoAddGroup: { status: '0', name: '', userMax: '100', owner_uid: '0' },
    },
    fileUpload: { size: '50', fileExt: ['jpg'] },
  };

  it('saves the automatic agent whole, and the automatic group whole, each only when changed', async () => {
    const fetchMock = asRole(1, {
      '/manage/config/getAllConfig': () => config,
      '/manage/config/setConfig': () => null,
    });
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Welcome at registration' });
    await user.click(within(form).getByRole('switch', { name: 'Assign a customer-service agent' }));
    await user.type(within(form).getByRole('textbox', { name: /Customer-service user ids/ }), '4, 7');
    await user.type(within(form).getByRole('textbox', { name: /Welcome message/ }), 'Hello!');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
        { name: 'chatInfo', value: { autoAddUser: { status: '1', user_ids: ['4', '7'], welcome: 'Hello!' } } },
      ]),
    );

    await user.click(within(form).getByRole('switch', { name: 'Add newcomers to a group' }));
    await user.type(within(form).getByRole('textbox', { name: /Group name/ }), 'Lobby');
    await user.type(within(form).getByRole('textbox', { name: /Owner's user id/ }), '{backspace}9');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig').at(-1)).toEqual({
        name: 'chatInfo',
        value: {
          autoAddUser: { status: '1', user_ids: ['4', '7'], welcome: 'Hello!' },
          autoAddGroup: { status: '1', name: 'Lobby', userMax: '100', owner_uid: '9' },
        },
      }),
    );
  });

  it('does not send user ids that are not numbers', async () => {
    asRole(1, { '/manage/config/getAllConfig': () => config, '/manage/config/setConfig': () => null });
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Welcome at registration' });
    await user.type(within(form).getByRole('textbox', { name: /Customer-service user ids/ }), 'bob');
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
