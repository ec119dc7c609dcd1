import { useEffect, useState } from 'react';

/** Components waiting for their later part, mounted one per task in the order they asked (see useMountedLater). */
const waiting = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

// setTimeout, not a MessageChannel task (live/stores/frame-scheduler.ts): React renders each part in a MessageChannel task it posts
// after the part's setState, and a next turn posted before it would join that render.
function mountNext(): void {
  timer = undefined;
  const [next] = waiting;
  if (!next) return;
  waiting.delete(next);
  next();
  if (waiting.size > 0) timer = setTimeout(mountNext);
}

/**
 * False in the commit that mounts the component, true from a render in a later task: for parts that cost at mount and
 * need not be there in the screen's first frame, such as a closed modal or a tooltip
 * (docs/decisions/dashboard.md#no-update-in-a-mounting-commit). Each waiting component gets its own task, so that mounting six
 * tooltips and a drawer is not one long one.
 */
export function useMountedLater(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    waiting.add(mount);
    timer ??= setTimeout(mountNext);
    return () => {
      waiting.delete(mount);
    };
  }, []);
  return mounted;
}

/** Resolves once no component waits for its later part: for tests, which then act on those parts. */
export async function allMountedLater(): Promise<void> {
  while (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve));
}
