// Another person's card as I see it (protocol Person, services/person-view.ts): how we stand, my
// remark for them, and, for a friend only, where they last logged in from while the operator shows
// that (sysInfo.ipregion '1').
import { sysSwitch } from '../protocol/config-values';
import type { Person } from '../protocol/people';
import { areFriends } from '../services/friendship';
import { personView } from '../services/person-view';
import { loadConfig } from './config';
import { pairRows } from './friends';
import { locationText, loginPlaceOf } from './login-places';
import type { UserRow } from './users';

export async function personCard(db: D1Database, me: number, row: UserRow): Promise<Person> {
  const [pair, config] = await Promise.all([pairRows(db, me, row.user_id), loadConfig(db)]);
  // A login place says roughly where someone is: a stranger who found them by account or QR code learns nothing.
  const shown = areFriends(pair) && sysSwitch(config.sysInfo, 'ipregion');
  const location = shown ? locationText(await loginPlaceOf(db, row.user_id)) : '';
  return { ...personView(row, me, pair), location };
}
