// enterprise/im people search: one person by exact account (searchUser) and the directory
// (userList), each person with how the caller stands with them.
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { pairsOf } from '../db/friends';
import { personCard } from '../db/person-card';
import { findUserByAccount, listActiveUsers } from '../db/users';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { type Person, SearchUserBody, UserListBody } from '../protocol/people';
import { directoryOrder, matchesKeywords } from '../services/contact-index';
import { personView } from '../services/person-view';
import { envelope } from '../services/replies';

export const directory = new Hono<AppEnv>();

// Exact account, any letter case (the column is NOCASE); never the caller, never a disabled user.
directory.post('/searchuser', burstLimit('lookup'), async (c) => {
  const { keywords } = input(c, SearchUserBody);
  const me = c.get('identity').uid;
  const row = await findUserByAccount(c.env.DB, keywords);
  if (!row || row.status !== 1 || row.user_id === me)
    return c.json(envelope([] satisfies Person[], '', { count: 0, page: 1 }));
  const person = await personCard(c.env.DB, me, row);
  return c.json(envelope([person] satisfies Person[], '', { count: 1, page: 1 }));
});

// The whole directory is filtered here rather than in SQL: the pinyin initials of Chinese names
// come from Intl, which D1 cannot call. getContacts reads every active user the same way.
directory.post('/userlist', burstLimit('lookup'), async (c) => {
  const { keywords, page, limit } = input(c, UserListBody);
  const me = c.get('identity').uid;
  const [users, pairs] = await Promise.all([listActiveUsers(c.env.DB), pairsOf(c.env.DB, me)]);
  const found = users.filter((u) => u.user_id !== me && matchesKeywords(keywords, u)).sort(directoryOrder);
  const list = found.slice((page - 1) * limit, page * limit).map((u) => personView(u, me, pairs.get(u.user_id)));
  return c.json(envelope(list satisfies Person[], '', { count: found.length, page }));
});
