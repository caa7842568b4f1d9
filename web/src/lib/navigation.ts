// Lets code outside React (the API client, session handling) navigate. The app's router
// registers itself at startup; before that, hash assignment does the same for the hash router.
export interface AppNavigator {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The current in-app path with its query string. */
  currentPath: () => string;
}

const hashNavigator: AppNavigator = {
  navigate: (to) => {
    window.location.hash = `#${to}`;
  },
  currentPath: () => window.location.hash.replace(/^#/, '') || '/',
};

let active: AppNavigator = hashNavigator;

export function registerNavigator(navigator: AppNavigator): void {
  active = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  active.navigate(to, options);
}

export function currentAppPath(): string {
  return active.currentPath();
}
