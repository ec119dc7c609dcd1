// The one watchdog timer for all probes (docs/probe-data.md (Watchdog)): every tickMs it asks the service to raise event 0
// on the probes the schedule says are due. No timer per probe.
export function startWatchdog(expireWatchdogs: () => unknown, tickMs = 100): () => void {
  const timer = setInterval(expireWatchdogs, tickMs);
  return () => clearInterval(timer);
}
