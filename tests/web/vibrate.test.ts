// Vibration asks the browser only when it may answer: not before the person has
// touched the page (the browser would log an error), and a browser that throws is kept quiet.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { vibrate } from '../../web/src/lib/vibrate';

const stubNavigator = (hasBeenActive: boolean | undefined, buzz = vi.fn()) => {
  vi.stubGlobal('navigator', {
    ...navigator,
    vibrate: buzz,
    ...(hasBeenActive === undefined ? {} : { userActivation: { hasBeenActive, isActive: hasBeenActive } }),
  });
  return buzz;
};

afterEach(() => vi.unstubAllGlobals());

describe('vibrate', () => {
  it('waits for the person to have touched the page', () => {
    expect(stubNavigator(false)).not.toHaveBeenCalled();
    vibrate(200);
    expect(navigator.vibrate).not.toHaveBeenCalled();
    const buzz = stubNavigator(true);
    vibrate(200);
    expect(buzz).toHaveBeenCalledWith(200);
  });

  it('asks where the browser does not say whether the page was touched, and never throws', () => {
    const buzz = stubNavigator(
      undefined,
      vi.fn(() => {
        throw new Error('blocked');
      }),
    );
    expect(() => vibrate([400, 300])).not.toThrow();
    expect(buzz).toHaveBeenCalledWith([400, 300]);
  });

  it('does nothing on a device without vibration', () => {
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    expect(() => vibrate(200)).not.toThrow();
  });
});
