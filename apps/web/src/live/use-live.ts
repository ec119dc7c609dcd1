// STUB (to be replaced by the live dashboard work): hooks over the live store for the top bar.
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';
export interface ProbeCounts {
  total: number;
  normal: number;
  warning: number;
  critical: number;
}

export function useConnectionStatus(): ConnectionStatus {
  return 'disconnected';
}

export function useProbeCounts(): ProbeCounts {
  return { total: 0, normal: 0, warning: 0, critical: 0 };
}
