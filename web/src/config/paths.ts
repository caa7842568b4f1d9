// Every route of the app. Screens and links use these constants, never literals.
export const PATHS = {
  home: '/',
  homeAlias: '/pages/index/index',
  contacts: '/pages/contacts/index',
  chat: '/pages/message/chat',
  chatDetail: '/pages/message/detail',
  call: '/pages/message/call',
  groupUsers: '/pages/message/group/groupUser',
  groupInfo: '/pages/message/group/info',
  explore: '/pages/third/index',
  contactDetail: '/pages/contacts/detail',
  friendRequests: '/pages/contacts/friend',
  contactSearch: '/pages/contacts/search',
  groups: '/pages/contacts/group',
  login: '/pages/login/index',
  register: '/pages/login/register',
  userSelection: '/pages/index/userSelection',
  qrcode: '/pages/index/qrcode',
  search: '/pages/index/search',
  scan: '/pages/index/scan',
  mine: '/pages/mine/index',
  webview: '/pages/mine/webview',
  profile: '/pages/mine/profile',
  secure: '/pages/mine/secure',
  about: '/pages/mine/about',
  setting: '/pages/mine/setting',
  announcements: '/pages/mine/announcements',
  upgrade: '/uni_modules/uni-upgrade-center-app/pages/upgrade-popup',
  // The operator console.
  manage: '/manage',
  manageUsers: '/manage/users',
  manageGroups: '/manage/groups',
  manageInvitations: '/manage/invitations',
  manageSettings: '/manage/settings',
  manageAudit: '/manage/audit',
  manageReports: '/manage/reports',
  manageAnnouncements: '/manage/announcements',
} as const;

/** The login address that brings the user back to `target` afterwards. */
export function loginPath(target?: string): string {
  return target ? `${PATHS.login}?redirect=${encodeURIComponent(target)}` : PATHS.login;
}

/**
 * Where to go after login. Only same-app paths are honoured: a redirect parameter is
 * user-controlled, so an absolute or protocol-relative URL would be an open redirect.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return PATHS.home;
  if (raw === PATHS.login || raw.startsWith(`${PATHS.login}?`)) return PATHS.home;
  return raw;
}
