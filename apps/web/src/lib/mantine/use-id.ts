import { useId as useReactId } from 'react';

/**
 * Mantine's useId, without its mount-time re-render. Mantine's own sets a random id in a layout effect at every
 * mount (for React versions before useId), which re-renders every Tooltip, input, switch, modal and the AppShell
 * synchronously in the commit that mounts them, and so forced all that commit's effects into the same task
 * (docs/decisions/dashboard.md#no-update-in-a-mounting-commit). React's useId is unique in the page and stable from the first
 * render.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
