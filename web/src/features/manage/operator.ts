// Who sees the console: users.role 1 (super admin) or 2 (admin), as the server last said. The
// server checks the role again on every /manage call; this only decides what to offer.
import { isOperatorRole, ROLE_SUPER } from '@protocol/manage';

export const isOperator = (role: number | undefined) => role !== undefined && isOperatorRole(role);
export const isSuperAdmin = (role: number | undefined) => role === ROLE_SUPER;
