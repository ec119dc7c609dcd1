// STUB (to be replaced by the live dashboard work): opens the live feed; returns the disconnect function.
export function startLiveConnection(): () => void {
  return () => {};
}
