// Deleting every kept chat (lib/offline-cache) from places on the login page's first download: the
// cache and IndexedDB's wrapper load only when it runs.
export function forgetOfflineCopy(): void {
  void import('./offline-cache').then(
    ({ offlineCache }) => offlineCache.clear(),
    () => undefined,
  );
}
