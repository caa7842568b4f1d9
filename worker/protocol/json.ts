// Untrusted JSON text (a form field, a socket frame): its value, or null when it is not JSON.
// Callers validate the value with a schema.
export function parseJsonOrNull(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
