// BENCH_COMMITS=1 in bench/dashboard.bench.ts: how often the page's React commits and which components rendered in
// its window, as "parent > component" (counted: the header row was a third of the renders,
// docs/decisions/dashboard.md#headers-without-the-rows). The page's React finds the DevTools hook this installs
// and reports every commit to it; a subtree React did not enter keeps its child fibers, and is not walked.
/// <reference lib="dom" />
import type { Page } from '@playwright/test';

interface CommitCounts {
  on: boolean;
  commits: number;
  renders: Record<string, number>;
  /** Commits by what started them: the components that rendered while their parent did not. */
  starts: Record<string, number>;
}

/** Run in the page before its scripts. */
function installCommitHook(): void {
  interface Fiber {
    type: unknown;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: unknown;
    memoizedState: unknown;
  }
  const counts: CommitCounts = { on: false, commits: 0, renders: {}, starts: {} };
  const nameOf = (type: unknown): string => {
    const named = type as { displayName?: string; name?: string; type?: unknown; render?: unknown } | null;
    if (typeof type === 'function') return named!.displayName ?? named!.name ?? '?';
    if (typeof type === 'object' && named)
      return named.displayName ?? (named.type ? nameOf(named.type) : named.render ? nameOf(named.render) : '');
    return ''; // host elements, fragments
  };
  const performedWork = 1; // React's PerformedWork flag: the component's function ran in this render
  const walk = (first: Fiber | null, parent: string, parentRendered: boolean, starts: Set<string>) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const before = fiber.alternate;
      const name = nameOf(fiber.type);
      const rendered =
        name !== '' &&
        (fiber.flags & performedWork) !== 0 &&
        (!before || fiber.memoizedProps !== before.memoizedProps || fiber.memoizedState !== before.memoizedState);
      if (rendered) {
        counts.renders[`${parent} > ${name}`] = (counts.renders[`${parent} > ${name}`] ?? 0) + 1;
        if (!parentRendered) starts.add(name);
      }
      if (fiber.child && (!before || fiber.child !== before.child))
        walk(fiber.child, name || parent, name === '' ? parentRendered : rendered, starts);
    }
  };
  (window as unknown as { __commits: CommitCounts }).__commits = counts;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!counts.on) return;
      counts.commits += 1;
      const starts = new Set<string>();
      walk(root.current.child, 'root', false, starts);
      const key = [...starts].sort().join(' + ') || '(none)';
      counts.starts[key] = (counts.starts[key] ?? 0) + 1;
    },
  };
}

export const countsCommits = process.env.BENCH_COMMITS !== undefined;

export async function installCommitCounter(page: Page): Promise<void> {
  if (countsCommits) await page.addInitScript(installCommitHook);
}

/** From now on, every commit counts. */
export async function startCountingCommits(page: Page): Promise<void> {
  if (countsCommits) await page.evaluate(() => ((window as unknown as { __commits: CommitCounts }).__commits.on = true));
}

/** Prints the window's commits a second and the most rendered components (unminified builds name them). */
export async function printCommits(page: Page, seconds: number): Promise<void> {
  if (!countsCommits) return;
  const counts = await page.evaluate(() => {
    const c = (window as unknown as { __commits: CommitCounts }).__commits;
    c.on = false;
    return c;
  });
  const renders = Object.entries(counts.renders).sort((a, b) => b[1] - a[1]);
  const total = renders.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `      React: ${(counts.commits / seconds).toFixed(1)} commits/s, ${(total / seconds).toFixed(0)} component renders/s; ` +
      `most rendered (a second): ${renders
        .slice(0, 25)
        .map(([name, n]) => `${name} ${(n / seconds).toFixed(1)}`)
        .join(', ')}`,
  );
  const starts = Object.entries(counts.starts).sort((a, b) => b[1] - a[1]);
  console.log(
    `      React commits by what started them (a second): ${starts
      .slice(0, 12)
      .map(([name, n]) => `${name} ${(n / seconds).toFixed(1)}`)
      .join('; ')}`,
  );
}
