// Mounts a component the way the router mounts a screen (in a transition) and records the phase of each commit of it,
// as React's Profiler reports them: "nested-update" is a re-render that React ran synchronously inside the task of the
// commit before it, with all that commit's effects (docs/decisions/dashboard.md#no-update-in-a-mounting-commit).
import { act } from '@testing-library/react';
import { Profiler, startTransition, useState, type ProfilerOnRenderCallback, type ReactElement, type ReactNode } from 'react';
import { allMountedLater } from '../lib/use-mounted-later';
import { renderWithProviders, type RenderOptions } from './render';

let show: () => void = () => {};
function InTransition({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  show = () => startTransition(() => setShown(true));
  return shown ? children : null;
}

export async function renderWithCommitPhases(ui: ReactElement, options?: RenderOptions) {
  const phases: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
  const rendered = renderWithProviders(
    <InTransition>
      <Profiler id="mounted" onRender={onRender}>
        {ui}
      </Profiler>
    </InTransition>,
    options,
  );
  await act(async () => show());
  // The parts mounted later (useMountedLater) are mounted, each in a task of its own.
  await act(() => allMountedLater());
  return { phases, ...rendered };
}
