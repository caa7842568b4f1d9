// A blob: URL for a file while a component shows it, revoked when it no longer does.
import { useEffect, useState } from 'react';

/**
 * Made in the effect that revokes it, never during render: StrictMode runs effects twice in
 * development (mount, clean up, mount), and a URL made once in state would be revoked by the first
 * clean-up while the picture still points at it (ERR_FILE_NOT_FOUND). Null until the effect has run.
 */
export function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
