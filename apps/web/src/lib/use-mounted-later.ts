import { useEffect, useState } from 'react';

/**
 * False in the commit that mounts the component, true from a render after its effects have run: for parts that
 * cost at mount and need not be there in the screen's first frame, such as a closed modal or a tooltip
 * (docs/decisions/dashboard.md, Round 16).
 */
export function useMountedLater(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
