import { render, screen } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from '@mantine/hooks';

function Labelled({ name, staticId }: { name: string; staticId?: string }) {
  const id = useId(staticId);
  return (
    <>
      <label htmlFor={id}>{name}</label>
      <input id={id} />
    </>
  );
}

describe("Mantine's useId, as the app's build gives it (vite.config.ts)", () => {
  it('gives each component its own id from its first render, without a re-render at mount', () => {
    const phases: string[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
    const { rerender } = render(
      <Profiler id="ids" onRender={onRender}>
        <Labelled name="First" />
        <Labelled name="Second" />
      </Profiler>,
    );
    // Mantine's own sets a random id in a layout effect: a second, synchronous commit ("nested-update").
    expect(phases).toEqual(['mount']);
    const first = screen.getByLabelText('First');
    const second = screen.getByLabelText('Second');
    expect(first.id).toMatch(/^mantine-[\w-]+$/);
    expect(first.id).not.toBe(second.id);

    rerender(
      <Profiler id="ids" onRender={onRender}>
        <Labelled name="First" />
        <Labelled name="Second" />
      </Profiler>,
    );
    expect(screen.getByLabelText('First').id).toBe(first.id);
  });

  it('keeps an id given to it', () => {
    render(<Labelled name="Given" staticId="given-id" />);
    expect(screen.getByLabelText('Given').id).toBe('given-id');
  });
});
