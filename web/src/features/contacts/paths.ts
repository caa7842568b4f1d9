// Addresses of the people pages, for links from any screen.
import { PATHS } from '../../config/paths';

/** A person's detail page. */
export const contactDetailPath = (userId: number | string) =>
  `${PATHS.contactDetail}?id=${encodeURIComponent(String(userId))}`;
