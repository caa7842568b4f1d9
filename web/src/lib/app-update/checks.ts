// When to ask the server whether a new version was deployed, besides the socket's reconnects
// (app/signed-in-session.ts: a deployment restarts the Worker, which drops every socket): every
// hour, and whenever the page comes back into view (a phone's app switcher, another tab). The
// browser itself only checks on a navigation, which a single-page app open for days rarely makes.
export const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Calls `check` on each of those occasions; answers the way to stop. */
export function scheduleUpdateChecks(check: () => void): () => void {
  const timer = setInterval(check, CHECK_EVERY_MS);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
