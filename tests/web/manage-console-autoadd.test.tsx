// The console's parts for customer service: the edit dialog's
// remark and agent picker (search, choose, clear; sent only when changed), and the settings form of
// registration's automatic agent and group (chatInfo.autoAddUser / autoAddGroup saved whole), whose
// people are chosen with the people picker and shown by name, and the ids on the Users page.
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
  const people = [managed(4, 'Sam Support'), managed(7, 'Sally Service'), managed(9, 'Olga Owner')];
  const handlers = (stored: object = config) => ({
    '/manage/config/getAllConfig': () => stored,
    '/manage/config/setConfig': () => null,
    '/manage/user/index': (body: Body) =>
      new Response(
        JSON.stringify({
          code: 0,
          msg: '',
          data: people.filter((p) => p.realname.toLowerCase().includes(String(body.keywords).toLowerCase())),
          count: 1,
          page: 1,
        }),
      ),
    '/manage/user/detail': (body: Body) => people.find((p) => p.user_id === body.user_id) ?? null,
  });

  it('chooses the agents and the owner with the people picker (by name, ids shown), and saves each object whole', async () => {
    const fetchMock = asRole(1, handlers());
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Welcome at registration' });
    // No field asks for typed ids any more.
    expect(within(form).queryByRole('textbox', { name: /user id/i })).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'Assign a customer-service agent' }));
    const agents = within(form).getByRole('group', { name: 'Customer-service agents' });
    await user.type(within(agents).getByRole('searchbox', { name: 'Account or name' }), 'sam');
    const sam = await within(agents).findByRole('button', { name: /Sam Support/ });
    expect(sam.textContent).toContain('ID 4');
    await user.click(sam);
    await user.clear(within(agents).getByRole('searchbox', { name: 'Account or name' }));
    await user.type(within(agents).getByRole('searchbox', { name: 'Account or name' }), 'sally');
    await user.click(await within(agents).findByRole('button', { name: /Sally Service/ }));
    await user.type(within(form).getByRole('textbox', { name: /Welcome message/ }), 'Hello!');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
        { name: 'chatInfo', value: { autoAddUser: { status: '1', user_ids: ['4', '7'], welcome: 'Hello!' } } },
      ]),
    );

    await user.click(within(form).getByRole('switch', { name: 'Add newcomers to a group' }));
    await user.type(within(form).getByRole('textbox', { name: /Group name/ }), 'Lobby');
    const owner = within(form).getByRole('group', { name: 'Owner of the groups' });
    await user.type(within(owner).getByRole('searchbox', { name: 'Account or name' }), 'e');
    // One owner: choosing a second replaces the first.
    await user.click(await within(owner).findByRole('button', { name: /Sally Service/ }));
    await user.click(within(owner).getByRole('button', { name: /Olga Owner/ }));
    expect(within(within(owner).getByRole('list', { name: 'Chosen' })).getAllByRole('listitem')).toHaveLength(1);
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

  it('shows the stored agents and owner by name, one taken off by its chip', async () => {
    const stored = {
      ...config,
      chatInfo: {
        ...config.chatInfo,
        autoAddUser: { status: '1', welcome: '', user_ids: ['4', '7'] },
        autoAddGroup: { status: '1', name: 'Lobby', userMax: '100', owner_uid: '9' },
      },
    };
    const fetchMock = asRole(1, handlers(stored));
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Welcome at registration' });
    const agents = within(form).getByRole('group', { name: 'Customer-service agents' });
    await user.click(await within(agents).findByRole('button', { name: 'Take Sam Support off the list' }));
    expect(within(agents).getByRole('button', { name: 'Take Sally Service off the list' })).toBeTruthy();
    const owner = within(form).getByRole('group', { name: 'Owner of the groups' });
    expect(await within(owner).findByRole('button', { name: 'Take Olga Owner off the list' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
        {
          name: 'chatInfo',
          value: { autoAddUser: { status: '1', user_ids: ['7'], welcome: '' } },
        },
      ]),
    );
  });

  it('shows the ids on the Users page', async () => {
    asRole(1, {
      '/manage/user/index': () => new Response(JSON.stringify({ code: 0, msg: '', data: people, count: 3, page: 1 })),
    });
    renderApp('/manage/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    await waitFor(() => expect(list.textContent).toContain('Sally Service'));
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => /ID (\d+)/.exec(row.textContent ?? '')?.[1])).toEqual(['4', '7', '9']);
  });
});
