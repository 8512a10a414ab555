import { useCallback, useEffect, useState } from 'react';
import { isRunProcess, runRulebase, type RunState } from './api/rules';

/** How often the screen asks whether the run is still under way. */
export const RUN_POLL_MS = 1500;

/**
 * useRunState follows the account's latest run (rules/isRunProcess): polled while one is under
 * way, so Run and Simulate show the running state and the outcome when it ends.
 */
export function useRunState() {
  const [state, setState] = useState<RunState | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = useCallback(() => isRunProcess().then(setState, () => {}), []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const running = starting || !!state?.running;
  useEffect(() => {
    if (!state?.running) return;
    const id = window.setTimeout(() => void refresh(), RUN_POLL_MS);
    return () => window.clearTimeout(id);
  }, [state, refresh]);
  const start = async (isSimulation: boolean) => {
    setStarting(true);
    try {
      await runRulebase(isSimulation);
      await refresh();
    } finally {
      setStarting(false);
    }
  };
  return { state, running, start };
}
