// Counts how often a component renders while it still renders itself, for tests that a live update leaves a
// component alone (docs/decisions/dashboard.md#counts-re-render-only-their-number). Static members (Modal.Root, Tooltip.Floating,
// Mantine's extend) are kept.
import { createElement, type ComponentType } from 'react';

export function countRenders<C extends ComponentType<never>>(component: C, onRender: () => void): C {
  const Counted = (props: never) => {
    onRender();
    return createElement(component, props);
  };
  return Object.assign(Counted, component) as unknown as C;
}

/**
 * A module whose components named in `counts` count their renders there: the body of a vi.mock factory,
 * `vi.mock('@mantine/core', async (original) => withRenderCounts(await original(), renders))`.
 */
export function withRenderCounts<M extends object>(module: M, counts: Record<string, number>): M {
  const counted = Object.keys(counts).map((name) => {
    const component = (module as Record<string, ComponentType<never>>)[name];
    if (!component) throw new Error(`No component ${name} to count`);
    return [name, countRenders(component, () => (counts[name]! += 1))] as const;
  });
  return { ...module, ...Object.fromEntries(counted) };
}
