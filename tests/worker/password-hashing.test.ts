// worker/services/password.ts: PBKDF2 chained in rounds the production runtime accepts
// (at most 100,000 iterations per call) to reach at least 600,000 in total.
import { describe, expect, it } from 'vitest';

import { type Derive, hashPassword, verifyPassword } from '../../worker/services/password';

/** A fast, deterministic stand-in for PBKDF2 that records every call it receives. */
function recordingDerive() {
  const calls: number[] = [];
  const derive: Derive = async (material, salt, iterations) => {
    calls.push(iterations);
    const input = new Uint8Array([...material, ...salt, ...new TextEncoder().encode(String(iterations))]);
    return new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  };
  return { derive, calls };
}

describe('hashing a password', () => {
  it('never asks for more than 100,000 iterations in one call, and at least 600,000 in total', async () => {
    const { derive, calls } = recordingDerive();
    await hashPassword('secret12', derive);
    expect(calls.length).toBeGreaterThan(0);
    for (const iterations of calls) expect(iterations).toBeLessThanOrEqual(100_000);
    expect(calls.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(600_000);
  });

  it('writes the scheme and cost into the stored string, with a fresh salt each time', async () => {
    const { derive } = recordingDerive();
    const first = await hashPassword('secret12', derive);
    const second = await hashPassword('secret12', derive);
    expect(first).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret12');
  });

  it('uses the same per-call limit when verifying', async () => {
    const { derive, calls } = recordingDerive();
    const stored = await hashPassword('secret12', derive);
    calls.length = 0;
    await verifyPassword('secret12', stored, derive);
    expect(Math.max(...calls)).toBeLessThanOrEqual(100_000);
    expect(calls.reduce((a, b) => a + b, 0)).toBe(600_000);
  });
});

describe('verifying a password', () => {
  it('accepts the right password and refuses a wrong one with real PBKDF2', async () => {
    const stored = await hashPassword('secret12');
    expect(await verifyPassword('secret12', stored)).toBe(true);
    expect(await verifyPassword('secret13', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['a plain text password', 'secret12'],
    ['another scheme', 'md5$600000$c2FsdA==$aGFzaA=='],
    ['a non-numeric cost', 'pbkdf2-sha256$lots$c2FsdA==$aGFzaA=='],
    ['a zero cost', 'pbkdf2-sha256$0$c2FsdA==$aGFzaA=='],
    ['a negative cost', 'pbkdf2-sha256$-5$c2FsdA==$aGFzaA=='],
    ['a missing hash', 'pbkdf2-sha256$600000$c2FsdA=='],
    ['a salt that is not base64', 'pbkdf2-sha256$1000$not*base64!$aGFzaA=='],
    ['a hash that is not base64', 'pbkdf2-sha256$1000$c2FsdA==$###'],
    ['a hash of the wrong length', 'pbkdf2-sha256$1000$c2FsdA==$aGFzaA=='],
  ])('answers false, without throwing, for %s as the stored string', async (_, stored) => {
    const { derive } = recordingDerive();
    await expect(verifyPassword('secret12', stored, derive)).resolves.toBe(false);
  });
});
