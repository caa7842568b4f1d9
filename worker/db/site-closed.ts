// The site closed by an operator (sysInfo.state '0'): only operators (users.role > 0)
// go on. Requests are refused at authentication (middleware/auth.ts); the sockets, pushes and typing
// of everyone else stop here: their sockets close when the operator closes the site (and at a
// socket's next sync, should one have been missed), no push goes to them and no typing from them.
import { sysSwitch } from '../protocol/config-values';
import { loadConfig } from './config';

/** Whether the site is closed now (the configuration, cached for seconds per isolate). */
export const siteClosed = async (db: D1Database) => !sysSwitch((await loadConfig(db)).sysInfo, 'state');

/** Whether the site is closed to `uid` (not an operator); D1 is asked for the role only while it is closed. */
export async function siteClosedTo(db: D1Database, uid: number): Promise<boolean> {
  if (!(await siteClosed(db))) return false;
  const role = await db.prepare('SELECT role FROM users WHERE user_id = ?1').bind(uid).first<number>('role');
  return !(typeof role === 'number' && role > 0);
}

/** The users with a socket open (D1's presence) who are not operators: whose sockets close with the site. */
export const onlineOrdinaryUsers = async (db: D1Database) =>
  (
    await db
      .prepare(
        'SELECT p.user_id FROM presence p JOIN users u ON u.user_id = p.user_id WHERE p.online = 1 AND u.role = 0',
      )
      .all<{ user_id: number }>()
  ).results.map((r) => r.user_id);
