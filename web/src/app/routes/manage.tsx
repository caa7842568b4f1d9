// The operator console's screens, loaded together when an operator opens the console.
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
