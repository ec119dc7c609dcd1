// Counts how often a component renders while it still renders itself, for tests that a live update leaves a
// component alone (docs/decisions/dashboard.md, Round 11 (steady)). Static members (Modal.Root, Tooltip.Floating,
// Mantine's extend) are kept.
import { createElement, type ComponentType } from 'react';

export function countRenders<C extends ComponentType<never>>(component: C, onRender: () => void): C {
  const Counted = (props: never) => {
    onRender();
    return createElement(component, props);
  };
  return Object.assign(Counted, component) as unknown as C;
}
