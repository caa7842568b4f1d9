// Browser-safety headers on every answer: the app page and its assets, the API
// and errors alike. Runs outermost, after the handler, on a copy of the response, because the
// asset binding's responses are immutable and never saw headers set earlier on the context.
import type { MiddlewareHandler } from 'hono';

import type { AppEnv } from '../app-env';
import { realtimeKitOn } from '../providers/realtimekit';

/**
 * Vite's development server (`npm run dev`) starts React's hot reload with an inline script and
 * injects styles as <style> elements; the built app (production, e2e, benchmark) has neither.
 */
const DEV_SERVER = import.meta.env.MODE === 'development';

/**
 * The app's policy: its own scripts and styles only (the build has no inline script or style;
 * React's style props go through the CSSOM, which style-src does not govern), pictures and
 * recordings the app makes as blob:/data: URLs, the socket on this host, and outside https
 * pages in frames (the web view, which sandboxes them). 'self' covers a
 * same-origin ws(s):// in CSP Level 3 browsers; the socket is named anyway for older ones.
 * When the operator turned RealtimeKit on, its SDK talks to Cloudflare's realtime hosts (api,
 * socket-edge, location… under realtime.cloudflare.com); its media goes by WebRTC, which CSP does
 * not govern.
 */
export function contentSecurityPolicy(url: URL, realtimeKit = false): string {
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  const realtime = realtimeKit ? ' https://*.realtime.cloudflare.com wss://*.realtime.cloudflare.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${DEV_SERVER ? " 'unsafe-inline'" : ''}`,
    `style-src 'self'${DEV_SERVER ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${socket}${realtime}`,
    // The explore tab's web view frames outside https pages (sandboxed, without this origin).
    'frame-src https:',
    // The service worker (/sw.js) and the install manifest come from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ALWAYS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // Voice messages and calls use the microphone and camera; nothing else may ask for either.
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()',
};

/** Answers of the API and the console: never stored by a browser or a proxy (tokens, messages, profiles, users). */
const API = /^\/(common|enterprise|manage|dev|scan)\//;

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // A WebSocket upgrade's 101 cannot be copied (the copy would lose its socket) and has no body.
  if (c.res.status === 101) return;
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(ALWAYS)) res.headers.set(name, value);
  // Downloads (/file/) keep their own sandboxing policy and revalidated caching (routes/upload.ts).
  if (!res.headers.has('content-security-policy'))
    res.headers.set('content-security-policy', contentSecurityPolicy(new URL(c.req.url), realtimeKitOn(c.env)));
  if (API.test(c.req.path)) res.headers.set('cache-control', 'no-store');
  // Unset first: assigning over a response merges the old one's headers back in.
  c.res = undefined;
  c.res = res;
};
