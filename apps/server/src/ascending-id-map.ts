// A Map for integer ids handed out in increasing order (alarm ids), which can hold every probe's alarm at once.
// A Map grows by copying its whole table in one step: ~175 ns an entry here, 46 ms at 262,144 entries, and the
// maps keyed by alarm id (the tracker's, the hub's open alarms, the journal writer's) all grow on the same new
// alarm. Kept as blocks of consecutive ids, each a Map of at most blockSize entries, no step copies more than one
// block (docs/decisions/security.md#alarm-maps-in-blocks).

/** Ids per block: a block's last growth copies 2,048 entries (~0.4 ms). */
const blockSize = 4096;

const blockOf = (id: number) => Math.floor(id / blockSize);

/**
 * The subset of Map the alarm modules use. `values()` and `keys()` are copies, by block in the order blocks were first
 * filled, then by insertion within a block: for ids set in increasing order (or set again), that is increasing id
 * order. Copies, not iterators: a generator over the blocks took 33–65 ms for 170,000 values where spreading a Map
 * takes 5 ms; each block spread and the parts concatenated take as long as the Map.
 */
export class AscendingIdMap<V> {
  private readonly blocks = new Map<number, Map<number, V>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): V | undefined {
    return this.blocks.get(blockOf(id))?.get(id);
  }

  has(id: number): boolean {
    return this.blocks.get(blockOf(id))?.has(id) ?? false;
  }

  set(id: number, value: V): this {
    const key = blockOf(id);
    let block = this.blocks.get(key);
    if (!block) this.blocks.set(key, (block = new Map()));
    const before = block.size;
    block.set(id, value);
    this.count += block.size - before;
    return this;
  }

  delete(id: number): boolean {
    const key = blockOf(id);
    const block = this.blocks.get(key);
    if (!block?.delete(id)) return false;
    this.count -= 1;
    if (block.size === 0) this.blocks.delete(key);
    return true;
  }

  clear(): void {
    this.blocks.clear();
    this.count = 0;
  }

  keys(): number[] {
    return joined([...this.blocks.values()].map((block) => [...block.keys()]));
  }

  values(): V[] {
    return joined([...this.blocks.values()].map((block) => [...block.values()]));
  }
}

/** The parts in one array; concat takes them as arguments, so in groups well under the engine's limit on those. */
function joined<T>(parts: T[][]): T[] {
  const group = 8192;
  let all: T[] = [];
  for (let start = 0; start < parts.length; start += group) all = all.concat(...parts.slice(start, start + group));
  return all;
}
