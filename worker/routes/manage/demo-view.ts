// What the demo's shared super admin reads. While the demo runs (DEMO_MODE), a
// demo-locked operator (a shared demo account, whose password is public) sees only the demo's own
// people: users, searches and pickers list the shared demo accounts alone, a group's members only
// those, the reports, invitations and audit trail only the demo accounts'; and even of those, no
// email or address (registration and last login) is shown.
import type { Context } from 'hono';

import type { AppEnv } from '../../app-env';
import { findUsersByIds } from '../../db/users';
import type { ManagedUser } from '../../protocol/console';

/** Whether the caller reads the demo's own view. */
export const demoView = (c: Context<AppEnv>): boolean => c.get('operator').demoLocked;

/** Users as the caller may read them: in the demo's view without emails or addresses, and without an agent who is not a demo account. */
export async function shownUsers(c: Context<AppEnv>, rows: ManagedUser[]): Promise<ManagedUser[]> {
  if (!demoView(c)) return rows;
  const agents = await findUsersByIds(
    c.env.DB,
    rows.map((r) => r.cs_uid).filter((id) => id > 0),
  );
  return rows.map((r) => ({
    ...r,
    email: '',
    register_ip: '',
    last_login_ip: '',
    ...(agents.get(r.cs_uid)?.is_demo ? {} : { cs_uid: 0, cs_name: '' }),
  }));
}
