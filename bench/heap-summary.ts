// Reads a .heapsnapshot (V8's JSON) and says what each owner retains: for a named object, the bytes that
// would become unreachable if that object alone were gone (its retained size), broken down by its own
// fields and by the constructors of what it retains. Used by bench/probe-heap.bench.ts; no GUI needed.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Owned {
  bytes: number;
  count: number;
  /** Bytes by constructor (or node type for strings, arrays, closures...). */
  byKind: Map<string, { bytes: number; count: number }>;
}

export class HeapGraph {
  readonly nodeCount: number;
  private readonly nodeFieldCount: number;
  private readonly selfSize: Float64Array;
  private readonly kind: string[];
  private readonly name: string[];
  private readonly firstEdge: Uint32Array;
  private readonly edgeTo: Uint32Array;
  private readonly edgeName: (string | number)[];
  private readonly edgeFollowed: Uint8Array;
  readonly totalBytes: number;

  constructor(path: string) {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
    const meta = raw.snapshot.meta;
    const nf = meta.node_fields.length;
    const ef = meta.edge_fields.length;
    this.nodeFieldCount = nf;
    const nodeTypes = meta.node_types[0];
    const edgeTypes = meta.edge_types[0];
    const iType = meta.node_fields.indexOf('type');
    const iName = meta.node_fields.indexOf('name');
    const iSize = meta.node_fields.indexOf('self_size');
    const iEdges = meta.node_fields.indexOf('edge_count');
    const eType = meta.edge_fields.indexOf('type');
    const eName = meta.edge_fields.indexOf('name_or_index');
    const eTo = meta.edge_fields.indexOf('to_node');
    const n = raw.nodes.length / nf;
    this.nodeCount = n;
    this.selfSize = new Float64Array(n);
    this.kind = new Array<string>(n);
    this.name = new Array<string>(n);
    this.firstEdge = new Uint32Array(n + 1);
    const edgeCount = raw.edges.length / ef;
    this.edgeTo = new Uint32Array(edgeCount);
    this.edgeName = new Array<string | number>(edgeCount);
    this.edgeFollowed = new Uint8Array(edgeCount);
    let e = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const type = nodeTypes[raw.nodes[i * nf + iType]!]!;
      const name = raw.strings[raw.nodes[i * nf + iName]!]!;
      this.selfSize[i] = raw.nodes[i * nf + iSize]!;
      total += this.selfSize[i]!;
      this.name[i] = name;
      this.kind[i] =
        type === 'object' || type === 'native'
          ? name
          : type === 'closure'
            ? 'closure'
            : type === 'hidden'
              ? `(${name})`
              : `(${type})`;
      this.firstEdge[i] = e;
      const count = raw.nodes[i * nf + iEdges]!;
      for (let k = 0; k < count; k++, e++) {
        const et = edgeTypes[raw.edges[e * ef + eType]!]!;
        const nameOrIndex = raw.edges[e * ef + eName]!;
        this.edgeTo[e] = raw.edges[e * ef + eTo]! / nf;
        const isNamed = et === 'property' || et === 'internal' || et === 'context' || et === 'shortcut';
        this.edgeName[e] = isNamed ? raw.strings[nameOrIndex]! : nameOrIndex;
        // Weak edges keep nothing alive; shortcuts duplicate real paths.
        this.edgeFollowed[e] = et === 'weak' || et === 'shortcut' ? 0 : 1;
      }
    }
    this.firstEdge[n] = e;
    this.totalBytes = total;
  }

  /** A tree dump of what one node holds (debugging): edge name, kind, self size. */
  dump(node: number, depth = 4, indent = ''): string[] {
    const lines: string[] = [];
    for (let e = this.firstEdge[node]!; e < this.firstEdge[node + 1]!; e++) {
      if (!this.edgeFollowed[e] || this.edgeName[e] === 'map' || this.edgeName[e] === '__proto__') continue;
      const to = this.edgeTo[e]!;
      lines.push(`${indent}${String(this.edgeName[e])}: ${this.kind[to]} ${this.name[to]!.slice(0, 50)} ${this.selfSize[to]}`);
      if (depth > 1) lines.push(...this.dump(to, depth - 1, indent + '  '));
    }
    return lines;
  }

  /** Nodes that are objects of this class (by constructor name). */
  instancesOf(className: string): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.nodeCount; i++) if (this.kind[i] === className) found.push(i);
    return found;
  }

  /** The node a named field of `node` points to. */
  field(node: number, fieldName: string): number | undefined {
    for (let e = this.firstEdge[node]!; e < this.firstEdge[node + 1]!; e++)
      if (this.edgeName[e] === fieldName) return this.edgeTo[e];
    return undefined;
  }

  /** Named fields of an object (its own properties). */
  fields(node: number): { name: string; to: number }[] {
    const out: { name: string; to: number }[] = [];
    for (let e = this.firstEdge[node]!; e < this.firstEdge[node + 1]!; e++) {
      const name = this.edgeName[e];
      if (typeof name === 'string' && name !== 'map' && name !== '__proto__' && this.edgeFollowed[e])
        out.push({ name, to: this.edgeTo[e]! });
    }
    return out;
  }

  /** Marks what is reachable from the root (node 0) without passing through `removed`. */
  private reachable(removed: ReadonlySet<number>): Uint8Array {
    const seen = new Uint8Array(this.nodeCount);
    const stack = new Uint32Array(this.nodeCount);
    let top = 0;
    stack[top++] = 0;
    seen[0] = 1;
    for (const r of removed) seen[r] = 1; // never entered
    while (top > 0) {
      const node = stack[--top]!;
      for (let e = this.firstEdge[node]!; e < this.firstEdge[node + 1]!; e++) {
        if (!this.edgeFollowed[e]) continue;
        const to = this.edgeTo[e]!;
        if (seen[to]) continue;
        seen[to] = 1;
        stack[top++] = to;
      }
    }
    for (const r of removed) seen[r] = 0;
    return seen;
  }

  /** What would be freed if these nodes were gone: them plus everything only they keep alive. */
  retained(nodes: readonly number[]): Owned {
    const removed = new Set(nodes);
    const alive = this.reachable(removed);
    const owned: Owned = { bytes: 0, count: 0, byKind: new Map() };
    const seen = new Uint8Array(this.nodeCount);
    const stack = [...removed];
    for (const r of removed) seen[r] = 1;
    while (stack.length > 0) {
      const node = stack.pop()!;
      owned.bytes += this.selfSize[node]!;
      owned.count += 1;
      const kind = this.kind[node]!;
      const entry = owned.byKind.get(kind) ?? { bytes: 0, count: 0 };
      entry.bytes += this.selfSize[node]!;
      entry.count += 1;
      owned.byKind.set(kind, entry);
      for (let e = this.firstEdge[node]!; e < this.firstEdge[node + 1]!; e++) {
        if (!this.edgeFollowed[e]) continue;
        const to = this.edgeTo[e]!;
        if (seen[to] || alive[to]) continue;
        seen[to] = 1;
        stack.push(to);
      }
    }
    return owned;
  }

  /** Self size of every node, by constructor: the heap's overall make-up. */
  byKind(): Map<string, { bytes: number; count: number }> {
    const out = new Map<string, { bytes: number; count: number }>();
    for (let i = 0; i < this.nodeCount; i++) {
      const entry = out.get(this.kind[i]!) ?? { bytes: 0, count: 0 };
      entry.bytes += this.selfSize[i]!;
      entry.count += 1;
      out.set(this.kind[i]!, entry);
    }
    return out;
  }
}

/** The biggest kinds, as "kind: bytes per probe (count per probe)". */
export function topKinds(byKind: Map<string, { bytes: number; count: number }>, perProbe: number, limit = 8): string {
  return [...byKind.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, limit)
    .map(([kind, v]) => `${kind.slice(0, 40)} ${(v.bytes / perProbe).toFixed(0)} B (${(v.count / perProbe).toFixed(2)})`)
    .join(', ');
}
