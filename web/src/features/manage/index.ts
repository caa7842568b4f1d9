// The operator console's public face: its frame and screens, for the router.
export { AnnouncementsScreen } from './components/announcements-screen';
export { AuditScreen } from './components/audit-screen';
export { ConsoleLayout } from './components/console-layout';
export { GroupsScreen } from './components/groups-screen';
export { InvitationsScreen } from './components/invitations-screen';
export { OverviewScreen } from './components/overview-screen';
export { ReportsScreen } from './components/reports-screen';
export { SettingsScreen } from './components/settings-screen';
export { UsersScreen } from './components/users-screen';
