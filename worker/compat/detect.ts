// Which calls come from the original web client.
import type { Context } from 'hono';

/** It marks every call after its login with a `sessionId` header (the login's answer); Parley's own clients never send one. */
export const fromOriginalClient = (c: Context) => c.req.header('sessionid') !== undefined;
