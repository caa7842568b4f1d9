// Every route of the app in one table. Pages load lazily so the first download
// holds only what the current page needs; all pages but login and registration need a session.
// Declarative routing (<HashRouter> + useRoutes), not the data router: the app has no loaders
// or actions, and the data router's runtime would add about 16 kB gzip to every first load.
// The session guards are components (require-session.tsx) that render <Navigate replace>.
// A cold start requests the page at its address, with the layouts it renders in, before the first
// render (preloadRoute): lazily, each layout would only ask for the next once it had rendered, one
// round trip after another (four before an open chat's messages were even requested).
import { type ComponentType, lazy, useEffect, useRef } from 'react';
import { HashRouter, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';

import { PATHS } from '../config/paths';
import { sendChatRequestsEarly } from '../features/chat';
import { allTextsReady } from '../lib/i18n';
import { registerNavigator } from '../lib/navigation';
import { hasValidSession } from '../lib/storage-core';
import { AppShell } from './app-shell';
import { RequireSession, SkipLoginWhenSignedIn } from './require-session';

/** A lazily loaded page whose module can also be requested ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as lazy() itself takes
function page<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return Object.assign(lazy(load), { load });
}

// The signed-in area also waits for all texts (lib/i18n: only the first screen's are bundled).
const SignedInLayout = page(() =>
  Promise.all([import('./signed-in-layout'), allTextsReady]).then(([module]) => module),
);
const TabLayout = page(() => import('./tab-layout'));
const LoginScreen = page(() => import('./routes/login'));
// Registration's texts are not in the first download either (only the login page's are).
const RegisterScreen = page(() => Promise.all([import('./routes/register'), allTextsReady]).then(([module]) => module));
const MineScreen = page(() => import('./routes/mine'));
const SettingScreen = page(() => import('./routes/setting'));
const AboutScreen = page(() => import('./routes/about'));
const AnnouncementsScreen = page(() => import('./routes/announcements'));
const ChatScreen = page(() => import('./routes/chat'));
const UserSelectionScreen = page(() => import('./routes/user-selection'));
const HomeScreen = page(() => import('./routes/home'));
const ContactsScreen = page(() => import('./routes/contacts'));
const SearchScreen = page(() => import('./routes/search'));
const ChatDetailScreen = page(() => import('./routes/chat-detail'));
const ContactDetailScreen = page(() => import('./routes/contact-detail'));
const FriendRequestsScreen = page(() => import('./routes/friend-requests'));
const ContactSearchScreen = page(() => import('./routes/contact-search'));
const ProfileScreen = page(() => import('./routes/profile'));
const SecureScreen = page(() => import('./routes/secure'));
const QrCodeScreen = page(() => import('./routes/qrcode'));
const ScanScreen = page(() => import('./routes/scan'));
const WebViewScreen = page(() => import('./routes/webview'));
const ExploreScreen = page(() => import('./routes/explore'));
const GroupsScreen = page(() => import('./routes/groups'));
const GroupInfoScreen = page(() => import('./routes/group-info'));
const GroupUsersScreen = page(() => import('./routes/group-users'));
const CallScreen = page(() => import('./routes/call'));
const UpgradeRoute = page(() => import('./routes/upgrade'));

interface Loadable {
  load: () => Promise<unknown>;
}

/** The pages inside the tab layout (every signed-in page), by path. */
const tabPages: Array<[path: string, Page: ComponentType & Loadable]> = [
  // From 1024 px these four share one screen as panes (messages-layout.tsx).
  [PATHS.home, HomeScreen],
  [PATHS.chat, ChatScreen],
  [PATHS.chatDetail, ChatDetailScreen],
  [PATHS.search, SearchScreen],
  [PATHS.contacts, ContactsScreen],
  [PATHS.explore, ExploreScreen],
  [PATHS.mine, MineScreen],
  [PATHS.call, CallScreen],
  [PATHS.groupUsers, GroupUsersScreen],
  [PATHS.groupInfo, GroupInfoScreen],
  [PATHS.contactDetail, ContactDetailScreen],
  [PATHS.friendRequests, FriendRequestsScreen],
  [PATHS.contactSearch, ContactSearchScreen],
  [PATHS.groups, GroupsScreen],
  [PATHS.userSelection, UserSelectionScreen],
  [PATHS.qrcode, QrCodeScreen],
  [PATHS.scan, ScanScreen],
  [PATHS.webview, WebViewScreen],
  [PATHS.profile, ProfileScreen],
  [PATHS.secure, SecureScreen],
  [PATHS.about, AboutScreen],
  [PATHS.announcements, AnnouncementsScreen],
  [PATHS.setting, SettingScreen],
  [PATHS.upgrade, UpgradeRoute],
];
// The operator console: one chunk, loaded only when an operator opens it.
const manageScreen = (name: 'ConsoleLayout' | ManageScreenName) =>
  lazy(() => import('./routes/manage').then((module) => ({ default: module[name] })));
type ManageScreenName =
  | 'OverviewScreen'
  | 'UsersScreen'
  | 'GroupsScreen'
  | 'InvitationsScreen'
  | 'SettingsScreen'
  | 'AuditScreen'
  | 'ReportsScreen'
  | 'AnnouncementsScreen';
const ConsoleLayout = manageScreen('ConsoleLayout');
const ManageOverview = manageScreen('OverviewScreen');
const ManageUsers = manageScreen('UsersScreen');
const ManageGroups = manageScreen('GroupsScreen');
const ManageInvitations = manageScreen('InvitationsScreen');
const ManageSettings = manageScreen('SettingsScreen');
const ManageAudit = manageScreen('AuditScreen');
const ManageReports = manageScreen('ReportsScreen');
const ManageAnnouncements = manageScreen('AnnouncementsScreen');

export const routes: RouteObject[] = [
  {
    // AppShell also catches a page that fails to load (route-error.tsx).
    element: <AppShell />,
    children: [
      {
        path: PATHS.login,
        element: (
          <SkipLoginWhenSignedIn>
            <LoginScreen />
          </SkipLoginWhenSignedIn>
        ),
      },
      { path: PATHS.register, element: <RegisterScreen /> },
      { path: PATHS.homeAlias, element: <HomeAlias /> },
      {
        // Re-checked on every navigation: the token can expire or be cleared while the app is open.
        element: (
          <RequireSession>
            <SignedInLayout />
          </RequireSession>
        ),
        children: [
          {
            // The tab bar on a phone's tab pages; from 1024 px a rail beside every page.
            element: <TabLayout />,
            children: tabPages.map(([path, Page]) => ({ path, element: <Page /> })),
          },
          {
            // The console has its own frame (a sidebar from 1024 px), not the tabs.
            path: PATHS.manage,
            element: <ConsoleLayout />,
            children: [
              { index: true, element: <ManageOverview /> },
              { path: PATHS.manageUsers, element: <ManageUsers /> },
              { path: PATHS.manageGroups, element: <ManageGroups /> },
              { path: PATHS.manageInvitations, element: <ManageInvitations /> },
              { path: PATHS.manageSettings, element: <ManageSettings /> },
              { path: PATHS.manageAudit, element: <ManageAudit /> },
              { path: PATHS.manageReports, element: <ManageReports /> },
              { path: PATHS.manageAnnouncements, element: <ManageAnnouncements /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.home} replace /> },
    ],
  },
];

/**
 * Requests the modules the page at `hash` (location.hash at start) renders with, all at once: a
 * signed-in page with its layouts, the login page when signed out. Errors are left to the lazy
 * components, which ask again when they render. The chat list and an open chat also send their
 * first data requests now, beside the modules (lib/early-requests).
 */
export function preloadRoute(hash: string): void {
  const [route = '', query] = hash.replace(/^#/, '').split('?');
  const path = route || PATHS.home;
  const signedIn = hasValidSession();
  const load = (module: Loadable) => void module.load().catch(() => undefined);
  if (path === PATHS.login) {
    if (!signedIn) load(LoginScreen);
    return;
  }
  const screen = tabPages.find(([pagePath]) => pagePath === path)?.[1];
  if (!signedIn || !screen) return;
  load(SignedInLayout);
  load(TabLayout);
  load(screen);
  if (path === PATHS.home) sendChatRequestsEarly(null);
  // A chat opened at a message (search hit, `msg`) loads other pages first.
  const params = new URLSearchParams(query);
  if (path === PATHS.chat && params.get('id') && !params.get('msg')) sendChatRequestsEarly(params.get('id'));
}

function HomeAlias() {
  return <Navigate to={PATHS.home + useLocation().search} replace />;
}

/** Lets code outside React (API client, session end) navigate with the router it is rendered in. */
function ConnectNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, location });
  useEffect(() => {
    latest.current = { navigate, location };
  });
  useEffect(() => {
    registerNavigator({
      navigate: (to, options) => void latest.current.navigate(to, options),
      currentPath: () => latest.current.location.pathname + latest.current.location.search,
    });
  }, []);
  return null;
}

/** The route table with the navigator hook-up; render it inside a router (HashRouter, MemoryRouter). */
export function AppRoutes() {
  return (
    <>
      <ConnectNavigator />
      {useRoutes(routes)}
    </>
  );
}

export function App() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
