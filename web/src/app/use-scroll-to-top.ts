// A page opened by a link starts at its top: the window's scroll belongs to the page that was
// scrolled, and kept it would open a contact card 44 px down with its name under the header.
// Back and Forward (POP) are left alone, so the browser may put a list back where it was.
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}
