import { useEffect, useState } from 'react';

/**
 * useGroupRows loads a group block (the condition serialised as key) with load, and answers
 * the rows of that request only: a new key shows loading until its own rows arrive.
 */
export function useGroupRows<T>(key: string, load: (cond: Record<string, unknown>) => Promise<{ rows: unknown[] }>): { rows?: T[]; error?: string } {
  const [got, setGot] = useState<{ key: string; rows?: T[]; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    load(JSON.parse(key)).then(
      (b) => live && setGot({ key, rows: b.rows as T[] }),
      (e) => live && setGot({ key, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, load]);
  return got?.key === key ? { rows: got.rows, error: got.error } : {};
}
