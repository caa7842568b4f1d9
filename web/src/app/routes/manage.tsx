// The operator console's screens (issue 25), loaded together when an operator opens the console.
export {
  AuditScreen,
  ConsoleLayout,
  GroupsScreen,
  InvitationsScreen,
  OverviewScreen,
  SettingsScreen,
  UsersScreen,
} from '../../features/manage';
