// The operator console's screens (issue 25), loaded together when an operator opens the console.
export {
  AnnouncementsScreen,
  AuditScreen,
  ConsoleLayout,
  GroupsScreen,
  InvitationsScreen,
  OverviewScreen,
  ReportsScreen,
  SettingsScreen,
  UsersScreen,
} from '../../features/manage';
