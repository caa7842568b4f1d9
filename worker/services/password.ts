// Password hashing: PBKDF2-SHA256 through WebCrypto. Production Workers refuse more than
// 100,000 iterations per deriveBits call, so the total (OWASP: >= 600,000) is reached by
// chaining rounds: each round's output is the next round's key material. The stored string
// says how it was made, so the cost can be raised later without breaking old hashes.
export const ITERATIONS_PER_CALL = 100_000;
export const TOTAL_ITERATIONS = 600_000;
const HASH_BYTES = 32;
/** Refuses stored costs no hash of ours ever had, so a corrupt row cannot spin the CPU. */
const MAX_STORED_ITERATIONS = 10 * TOTAL_ITERATIONS;

export type Derive = (material: Uint8Array, salt: Uint8Array, iterations: number) => Promise<Uint8Array>;

export const webCryptoDerive: Derive = async (material, salt, iterations) => {
  const key = await crypto.subtle.importKey('raw', material, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
};

async function chain(password: string, salt: Uint8Array, total: number, derive: Derive): Promise<Uint8Array> {
  let material: Uint8Array = new TextEncoder().encode(password);
  for (let done = 0; done < total; done += ITERATIONS_PER_CALL) {
    material = await derive(material, salt, Math.min(ITERATIONS_PER_CALL, total - done));
  }
  return material;
}

export async function hashPassword(password: string, derive: Derive = webCryptoDerive): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await chain(password, salt, TOTAL_ITERATIONS, derive);
  return `pbkdf2-sha256$${TOTAL_ITERATIONS}$${toB64(salt)}$${toB64(hash)}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  derive: Derive = webCryptoDerive,
): Promise<boolean> {
  const [scheme, total, salt, hash] = stored.split('$');
  const iterations = Number(total);
  if (
    scheme !== 'pbkdf2-sha256' ||
    !salt ||
    !hash ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > MAX_STORED_ITERATIONS
  )
    return false;
  const saltBytes = tryFromB64(salt);
  const expected = tryFromB64(hash);
  if (!saltBytes || !expected) return false;
  const actual = await chain(password, saltBytes, iterations, derive);
  return timingSafeEqual(actual, expected);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
/** A stored string that is not base64 is a wrong password, never an exception. */
function tryFromB64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}
