import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMountedLater } from './use-mounted-later';

function Part({ n }: { n: number }) {
  return <p>{useMountedLater() ? `Part ${n} ready` : `Part ${n} waiting`}</p>;
}
const ready = () => screen.queryAllByText(/ready$/).map((element) => element.textContent);
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

afterEach(() => vi.useRealTimers());

describe('useMountedLater', () => {
  it('mounts the later parts one task each, in the order their components mounted', () => {
    vi.useFakeTimers();
    render(
      <>
        <Part n={1} />
        <Part n={2} />
        <Part n={3} />
      </>,
    );
    expect(ready()).toEqual([]);
    nextTask();
    expect(ready()).toEqual(['Part 1 ready']);
    nextTask();
    expect(ready()).toEqual(['Part 1 ready', 'Part 2 ready']);
    nextTask();
    expect(ready()).toEqual(['Part 1 ready', 'Part 2 ready', 'Part 3 ready']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips a component that went away before its turn', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <>
        <Part key={1} n={1} />
        <Part key={2} n={2} />
      </>,
    );
    rerender(
      <>
        <Part key={2} n={2} />
      </>,
    );
    nextTask();
    expect(ready()).toEqual(['Part 2 ready']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
