// Ids the client mints (a message's id, which makes a resend recognisable; this browser's device
// id). nanoid draws from crypto.getRandomValues, which every page has; crypto.randomUUID exists
// only in secure contexts, so the app opened over plain http on a LAN address could not send.
import { nanoid } from 'nanoid';

/** 21 URL-safe characters (126 random bits): within the protocol's client id (8–64 of [A-Za-z0-9_-]). */
export const newId = (): string => nanoid();
