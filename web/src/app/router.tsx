// Every route of the app (spec §2) in one table. Pages load lazily so the first download
// holds only what the current page needs; all pages but login and registration need a session.
// Declarative routing (<HashRouter> + useRoutes), not the data router: the app has no loaders
// or actions, and the data router's runtime would add about 16 kB gzip to every first load.
// The session guards are components (require-session.tsx) that render <Navigate replace>.
import { lazy, useEffect, useRef } from 'react';
import { HashRouter, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';

import { PATHS } from '../config/paths';
import { allTextsReady } from '../lib/i18n';
import { registerNavigator } from '../lib/navigation';
import { AppShell } from './app-shell';
import { RequireSession, SkipLoginWhenSignedIn } from './require-session';

// The signed-in area also waits for all texts (lib/i18n: only the first screen's are bundled).
const SignedInLayout = lazy(() =>
  Promise.all([import('./signed-in-layout'), allTextsReady]).then(([module]) => module),
);
const TabLayout = lazy(() => import('./tab-layout'));
const LoginScreen = lazy(() => import('./routes/login'));
// Registration's texts are not in the first download either (only the login page's are).
const RegisterScreen = lazy(() => Promise.all([import('./routes/register'), allTextsReady]).then(([module]) => module));
const MineScreen = lazy(() => import('./routes/mine'));
const SettingScreen = lazy(() => import('./routes/setting'));
const AboutScreen = lazy(() => import('./routes/about'));
const ChatScreen = lazy(() => import('./routes/chat'));
const UserSelectionScreen = lazy(() => import('./routes/user-selection'));
const HomeScreen = lazy(() => import('./routes/home'));
const ContactsScreen = lazy(() => import('./routes/contacts'));
const SearchScreen = lazy(() => import('./routes/search'));
const ChatDetailScreen = lazy(() => import('./routes/chat-detail'));
const ContactDetailScreen = lazy(() => import('./routes/contact-detail'));
const FriendRequestsScreen = lazy(() => import('./routes/friend-requests'));
const ContactSearchScreen = lazy(() => import('./routes/contact-search'));
const ProfileScreen = lazy(() => import('./routes/profile'));
const SecureScreen = lazy(() => import('./routes/secure'));
const QrCodeScreen = lazy(() => import('./routes/qrcode'));
const ScanScreen = lazy(() => import('./routes/scan'));
const WebViewScreen = lazy(() => import('./routes/webview'));
const ExploreScreen = lazy(() => import('./routes/explore'));
const GroupsScreen = lazy(() => import('./routes/groups'));
const GroupInfoScreen = lazy(() => import('./routes/group-info'));
const GroupUsersScreen = lazy(() => import('./routes/group-users'));
const CallScreen = lazy(() => import('./routes/call'));
const UpgradeRoute = lazy(() => import('./routes/upgrade'));
// The operator console: one chunk, loaded only when an operator opens it.
const manageScreen = (name: 'ConsoleLayout' | ManageScreenName) =>
  lazy(() => import('./routes/manage').then((module) => ({ default: module[name] })));
type ManageScreenName =
  'OverviewScreen' | 'UsersScreen' | 'GroupsScreen' | 'InvitationsScreen' | 'SettingsScreen' | 'AuditScreen';
const ConsoleLayout = manageScreen('ConsoleLayout');
const ManageOverview = manageScreen('OverviewScreen');
const ManageUsers = manageScreen('UsersScreen');
const ManageGroups = manageScreen('GroupsScreen');
const ManageInvitations = manageScreen('InvitationsScreen');
const ManageSettings = manageScreen('SettingsScreen');
const ManageAudit = manageScreen('AuditScreen');

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
            children: [
              // From 1024 px these four share one screen as panes (messages-layout.tsx).
              { path: PATHS.home, element: <HomeScreen /> },
              { path: PATHS.chat, element: <ChatScreen /> },
              { path: PATHS.chatDetail, element: <ChatDetailScreen /> },
              { path: PATHS.search, element: <SearchScreen /> },
              { path: PATHS.contacts, element: <ContactsScreen /> },
              { path: PATHS.explore, element: <ExploreScreen /> },
              { path: PATHS.mine, element: <MineScreen /> },
              { path: PATHS.call, element: <CallScreen /> },
              { path: PATHS.groupUsers, element: <GroupUsersScreen /> },
              { path: PATHS.groupInfo, element: <GroupInfoScreen /> },
              { path: PATHS.contactDetail, element: <ContactDetailScreen /> },
              { path: PATHS.friendRequests, element: <FriendRequestsScreen /> },
              { path: PATHS.contactSearch, element: <ContactSearchScreen /> },
              { path: PATHS.groups, element: <GroupsScreen /> },
              { path: PATHS.userSelection, element: <UserSelectionScreen /> },
              { path: PATHS.qrcode, element: <QrCodeScreen /> },
              { path: PATHS.scan, element: <ScanScreen /> },
              { path: PATHS.webview, element: <WebViewScreen /> },
              { path: PATHS.profile, element: <ProfileScreen /> },
              { path: PATHS.secure, element: <SecureScreen /> },
              { path: PATHS.about, element: <AboutScreen /> },
              { path: PATHS.setting, element: <SettingScreen /> },
              { path: PATHS.upgrade, element: <UpgradeRoute /> },
            ],
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
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.home} replace /> },
    ],
  },
];

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
