// /manage/…: the operator console's API, behind a token and an operator's role read
// from D1 at each request (middleware/operator.ts). Paths and shapes are the reference's.
import { Hono } from 'hono';

import type { AppEnv } from '../../app-env';
import { manageAnnouncements } from './announcements';
import { manageAudit } from './audit';
import { manageConfig } from './config';
import { manageGroups } from './groups';
import { manageInvitations } from './invitations';
import { manageOverview } from './overview';
import { manageReports } from './reports';
import { manageUsers } from './users';

export const manage = new Hono<AppEnv>();

manage.route('/index', manageOverview);
manage.route('/index', manageAnnouncements);
manage.route('/user', manageUsers);
manage.route('/group', manageGroups);
manage.route('/audit', manageAudit);
manage.route('/config', manageConfig);
manage.route('/invite', manageInvitations);
manage.route('/report', manageReports);
