import { useEffect, useState } from 'react';

/**
 * useLoad runs load whenever key changes and keeps the latest answer; an answer to
 * an earlier key is dropped (its request is aborted). A failure leaves data null and
 * sets failed (the call's own dialog has told the user).
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): { data: T | null; loading: boolean; failed: boolean } {
  const [state, setState] = useState<{ key: string; data: T | null; failed: boolean }>({ key: '', data: null, failed: false });
  useEffect(() => {
    const ctl = new AbortController();
    load(ctl.signal).then(
      (data) => !ctl.signal.aborted && setState({ key, data, failed: false }),
      () => !ctl.signal.aborted && setState({ key, data: null, failed: true }),
    );
    return () => ctl.abort();
    // load is a new function every render; key says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { data: state.data, loading: state.key !== key, failed: state.key === key && state.failed };
}
