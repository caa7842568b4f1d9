// Vibration where the device can and the browser allows it, and silence otherwise.

/**
 * Browsers refuse vibration, with a console error, until the person has touched the page; so this
 * waits for that (`userActivation`, where the browser tells) and never lets a refusal escape.
 * Callers ask only while the user's vibration setting is on.
 */
export function vibrate(pattern: number | number[]): void {
  if (typeof navigator.vibrate !== 'function' || navigator.userActivation?.hasBeenActive === false) return;
  try {
    navigator.vibrate(pattern);
  } catch {
    // A browser that throws instead of refusing: whatever asked still shows and sounds.
  }
}
