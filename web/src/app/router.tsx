// Every route of the app (spec §2) in one table. Pages load lazily so the first download
// holds only what the current page needs; all pages but login and registration need a session.
import { lazy } from 'react';
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { PATHS } from '../config/paths';
import { registerNavigator } from '../lib/navigation';
import { AppShell } from './app-shell';
import { requireSession, skipLoginWhenSignedIn } from './require-session';
import { RouteError } from './route-error';

const SignedInLayout = lazy(() => import('./signed-in-layout'));
const TabLayout = lazy(() => import('./tab-layout'));
const ComingSoon = lazy(() => import('./routes/coming-soon'));
const LoginScreen = lazy(() => import('./routes/login'));
const RegisterScreen = lazy(() => import('./routes/register'));
const MineScreen = lazy(() => import('./routes/mine'));
const SettingScreen = lazy(() => import('./routes/setting'));
const AboutScreen = lazy(() => import('./routes/about'));
const ChatScreen = lazy(() => import('./routes/chat'));
const UserSelectionScreen = lazy(() => import('./routes/user-selection'));
const HomeScreen = lazy(() => import('./routes/home'));
const ContactsScreen = lazy(() => import('./routes/contacts'));
const SearchScreen = lazy(() => import('./routes/search'));
const ChatDetailScreen = lazy(() => import('./routes/chat-detail'));

const later = (path: string, title: Parameters<typeof ComingSoon>[0]['title']): RouteObject => ({
  path,
  element: <ComingSoon title={title} />,
});

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Guards run before the first render; until they settle the page stays blank.
    hydrateFallbackElement: <div className="min-h-dvh bg-page" />,
    children: [
      { path: PATHS.login, loader: skipLoginWhenSignedIn, element: <LoginScreen /> },
      { path: PATHS.register, element: <RegisterScreen /> },
      { path: PATHS.homeAlias, loader: ({ request }) => redirect(PATHS.home + new URL(request.url).search), element: null },
      {
        loader: requireSession,
        // Re-check on every navigation: the token can expire or be cleared while the app is open.
        shouldRevalidate: () => true,
        element: <SignedInLayout />,
        children: [
          {
            element: <TabLayout />,
            children: [
              { path: PATHS.home, element: <HomeScreen /> },
              { path: PATHS.contacts, element: <ContactsScreen /> },
              { path: PATHS.explore, element: <ComingSoon title="route.explore" isTab /> },
              { path: PATHS.mine, element: <MineScreen /> },
            ],
          },
          { path: PATHS.chat, element: <ChatScreen /> },
          { path: PATHS.chatDetail, element: <ChatDetailScreen /> },
          later(PATHS.call, 'route.call'),
          later(PATHS.groupUsers, 'route.groupUsers'),
          later(PATHS.groupInfo, 'route.groupInfo'),
          later(PATHS.contactDetail, 'route.contactDetail'),
          later(PATHS.friendRequests, 'route.friendRequests'),
          later(PATHS.contactSearch, 'route.contactSearch'),
          later(PATHS.groups, 'route.groups'),
          { path: PATHS.userSelection, element: <UserSelectionScreen /> },
          later(PATHS.qrcode, 'route.qrcode'),
          { path: PATHS.search, element: <SearchScreen /> },
          later(PATHS.scan, 'route.scan'),
          later(PATHS.webview, 'route.webview'),
          later(PATHS.profile, 'route.profile'),
          later(PATHS.secure, 'route.secure'),
          { path: PATHS.about, element: <AboutScreen /> },
          { path: PATHS.setting, element: <SettingScreen /> },
          later(PATHS.upgrade, 'route.upgrade'),
        ],
      },
      { path: '*', loader: () => redirect(PATHS.home), element: null },
    ],
  },
];

type AppRouter = ReturnType<typeof createHashRouter>;

/** Lets code outside React (API client, session end) navigate with this router. */
export function connectNavigator(router: AppRouter): AppRouter {
  registerNavigator({
    navigate: (to, options) => void router.navigate(to, options),
    currentPath: () => router.state.location.pathname + router.state.location.search,
  });
  return router;
}

export const createAppRouter = (): AppRouter => connectNavigator(createHashRouter(routes));
