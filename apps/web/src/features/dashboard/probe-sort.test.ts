// Table sorting (docs/screens.md (Table sorting)) and the row order's change detection, over a real live store.
import { describe, expect, it, vi } from 'vitest';
import { makeProbe, probeData, probeDeletion, type ProbeOverrides } from '../../live/stores/probe-fixtures';
import { ProbeStore } from '../../live/stores/probe-store';
import { ProbeOrder } from './probe-order';
import { defaultSort, nextSort, sortProbes, type SortColumn } from './probe-sort';
import type { LiveMessage, SortDirection } from '@bpm/protocol';
import { manualFrames } from '../../testing/manual-frames';

function storeWith(probes: [string, ProbeOverrides][]) {
  const frames: (() => void)[] = [];
  const store = new ProbeStore({ scheduler: manualFrames({ frames }).scheduler, now: () => 0, log: { warn: vi.fn() } });
  const apply = (m: LiveMessage) => {
    store.enqueue(m);
    while (frames.length) frames.shift()!();
  };
  apply(probeData(...probes.map(([id, o]) => makeProbe(id, o))));
  return { store, apply };
}

const probes: [string, ProbeOverrides][] = [
  ['P-2', { stateString: 'Normal', batteryPercentage: 50, isMonitoring: true, external: { temperature: 30, valid: true } }],
  ['P-10', { stateString: 'Critical', batteryPercentage: 5, isMonitoring: false, external: null }],
  ['P-1', { stateString: 'Warning', batteryPercentage: 90, isMonitoring: true, external: { temperature: 20, valid: false } }],
  [
    'P-3',
    {
      stateString: 'Normal',
      batteryPercentage: 70,
      isMonitoring: false,
      external: { temperature: 25, valid: true },
      internal: null,
    },
  ],
];

describe('sort comparator', () => {
  const cases: { column: SortColumn; direction: SortDirection; order: string[] }[] = [
    { column: 'status', direction: 'desc', order: ['P-10', 'P-1', 'P-2', 'P-3'] },
    { column: 'status', direction: 'asc', order: ['P-2', 'P-3', 'P-1', 'P-10'] },
    { column: 'probeID', direction: 'asc', order: ['P-1', 'P-2', 'P-3', 'P-10'] },
    { column: 'probeID', direction: 'desc', order: ['P-10', 'P-3', 'P-2', 'P-1'] },
    // Probes with no reading sort last, in either direction.
    { column: 'external', direction: 'asc', order: ['P-3', 'P-2', 'P-1', 'P-10'] },
    { column: 'external', direction: 'desc', order: ['P-2', 'P-3', 'P-1', 'P-10'] },
    { column: 'internal', direction: 'desc', order: ['P-1', 'P-2', 'P-10', 'P-3'] },
    { column: 'battery', direction: 'asc', order: ['P-10', 'P-2', 'P-3', 'P-1'] },
    { column: 'assignment', direction: 'asc', order: ['P-3', 'P-10', 'P-1', 'P-2'] },
  ];
  it.each(cases)('$column $direction', ({ column, direction, order }) => {
    const { store } = storeWith(probes);
    expect(sortProbes(store.allEntries(), { column, direction })).toEqual(order);
  });

  it('a probe whose reading was never valid has no external key even with an invalid current reading', () => {
    const { store } = storeWith(probes);
    expect(sortProbes(store.allEntries(), { column: 'external', direction: 'asc' }).at(-1)).toBe('P-10');
  });
});

describe('header clicks', () => {
  it('default is Status descending; same column flips; another column starts ascending', () => {
    expect(defaultSort).toEqual({ column: 'status', direction: 'desc' });
    expect(nextSort(defaultSort, 'status')).toEqual({ column: 'status', direction: 'asc' });
    expect(nextSort({ column: 'status', direction: 'asc' }, 'status')).toEqual({ column: 'status', direction: 'desc' });
    expect(nextSort(defaultSort, 'battery')).toEqual({ column: 'battery', direction: 'asc' });
    expect(nextSort({ column: 'battery', direction: 'desc' }, 'probeID')).toEqual({ column: 'probeID', direction: 'asc' });
  });
});

describe('row order', () => {
  it('publishes a new order only when the order changes', () => {
    const { store, apply } = storeWith(probes);
    const order = new ProbeOrder(store, defaultSort);
    const listener = vi.fn();
    order.subscribe(listener);
    const first = order.getOrder();
    expect(first).toEqual(['P-10', 'P-1', 'P-2', 'P-3']);
    apply(probeData(makeProbe('P-2', { batteryPercentage: 10 })));
    expect(order.getOrder()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    apply(probeData(makeProbe('P-3', { stateString: 'Critical' })));
    expect(order.getOrder()).toEqual(['P-3', 'P-10', 'P-1', 'P-2']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('held: rows keep their place, deleted ones leave, new ones join at the end; released, the sort applies', () => {
    const { store, apply } = storeWith(probes);
    const order = new ProbeOrder(store, defaultSort);
    order.subscribe(() => {});
    order.setHeld(true);
    apply(probeData(makeProbe('P-3', { stateString: 'Warning' })));
    expect(order.getOrder()).toEqual(['P-10', 'P-1', 'P-2', 'P-3']);
    expect(order.isPending()).toBe(true);
    apply(probeDeletion('P-1'));
    apply(probeData(makeProbe('P-0', { stateString: 'Warning' })));
    expect(order.getOrder()).toEqual(['P-10', 'P-2', 'P-3', 'P-0']);
    // A sort the user asks for applies even while held.
    order.setSort({ column: 'probeID', direction: 'asc' });
    expect(order.getOrder()).toEqual(['P-0', 'P-2', 'P-3', 'P-10']);
    order.setSort(defaultSort);
    const held = order.getOrder();
    expect(held).toEqual(sortProbes(store.allEntries(), defaultSort));
    apply(probeData(makeProbe('P-2', { stateString: 'Warning' })));
    expect(order.getOrder()).toEqual(held);
    order.setHeld(false);
    expect(order.getOrder()).toEqual(sortProbes(store.allEntries(), defaultSort));
    expect(order.getOrder()).not.toEqual(held);
    expect(order.isPending()).toBe(false);
  });

  it('held: a probe turning Critical is pinned to the top and counted; released, the sort applies', () => {
    const { store, apply } = storeWith(probes);
    const order = new ProbeOrder(store, { column: 'probeID', direction: 'asc' });
    order.subscribe(() => {});
    const before = order.getOrder();
    order.setHeld(true);
    apply(probeData(makeProbe('P-3', { stateString: 'Critical' })));
    expect(order.getOrder()).toEqual(['P-3', ...before.filter((id) => id !== 'P-3')]);
    expect(order.getNewCritical()).toBe(1);
    order.setHeld(false);
    expect(order.getOrder()).toEqual(before);
    expect(order.getNewCritical()).toBe(0);
  });

  it.each(['status', 'external', 'battery', 'probeID'] as const)(
    'moving only changed probes matches a full sort (%s)',
    (column) => {
      let seed = 42;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const states = ['Normal', 'Warning', 'Critical', 'Disabled'];
      const randomProbe = (id: string) =>
        makeProbe(id, {
          stateString: states[Math.floor(random() * 4)]!,
          batteryPercentage: Math.floor(random() * 5) * 20,
          external: random() < 0.2 ? null : { temperature: Math.floor(random() * 10), valid: random() < 0.8 },
        });
      const { store, apply } = storeWith([]);
      const order = new ProbeOrder(store, { column, direction: 'desc' });
      order.subscribe(() => {});
      for (let round = 0; round < 40; round++) {
        const ids = Array.from({ length: 1 + Math.floor(random() * 5) }, () => `P-${Math.floor(random() * 30)}`);
        apply(random() < 0.15 ? probeDeletion(...ids) : probeData(...ids.map(randomProbe)));
        expect(order.getOrder()).toEqual(sortProbes(store.allEntries(), { column, direction: 'desc' }));
      }
    },
  );

  it('full sorts after large batches are at least 300 ms apart; the rows of a batch in between follow', () => {
    vi.useFakeTimers();
    try {
      const { store, apply } = storeWith([]);
      const order = new ProbeOrder(store, defaultSort);
      order.subscribe(() => {});
      const many = (prefix: string) => probeData(...Array.from({ length: 60 }, (_, i) => makeProbe(`${prefix}-${i}`)));
      vi.advanceTimersByTime(300);
      apply(many('A'));
      expect(order.getOrder()).toHaveLength(60);
      apply(many('B'));
      expect(order.getOrder()).toHaveLength(60);
      vi.advanceTimersByTime(300);
      expect(order.getOrder()).toHaveLength(120);
      expect(order.getOrder()).toEqual(sortProbes(store.allEntries(), defaultSort));
    } finally {
      vi.useRealTimers();
    }
  });

  it('an empty table shows the first large batch at once, even right after it was opened', () => {
    vi.useFakeTimers();
    try {
      const { store, apply } = storeWith([]);
      const order = new ProbeOrder(store, defaultSort);
      order.subscribe(() => {});
      apply(probeData(...Array.from({ length: 60 }, (_, i) => makeProbe(`A-${i}`))));
      expect(order.getOrder()).toEqual(sortProbes(store.allEntries(), defaultSort));
      expect(order.getOrder()).toHaveLength(60);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by probe ID, pack, AGV or stage', () => {
    const { store } = storeWith([
      [
        'A-1',
        {
          assignment: {
            batteryPack: { id: 1, name: 'Pack 77' },
            agv: { id: 1, name: 'AGV-1' },
            buildStage: { id: 1, name: 'Cell stacking' },
          },
        },
      ],
      [
        'B-2',
        { assignment: { batteryPack: null, agv: { id: 2, name: 'AGV-2' }, buildStage: { id: 2, name: 'Busbar welding' } } },
      ],
    ]);
    const order = new ProbeOrder(store, defaultSort);
    order.subscribe(() => {});
    const filtered = (text: string) => {
      order.setFilter(text);
      return order.getOrder();
    };
    expect(filtered('b-2')).toEqual(['B-2']);
    expect(filtered('pack 77')).toEqual(['A-1']);
    expect(filtered('AGV-2')).toEqual(['B-2']);
    expect(filtered('welding')).toEqual(['B-2']);
    expect(filtered('')).toEqual(['A-1', 'B-2']);
  });
});
