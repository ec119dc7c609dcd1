// The hub's probes (docs/live-feed.md (Server rules)): each probe's latest published state, which changed since
// the last flush, and the compact base (compact-feed.ts) a probe's state moves into once a flush has sent it.
import type { Probe } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { CompactFeed } from './compact-feed.js';
import { withEarlierTransients } from './live-messages.js';

export class LiveProbes {
  /**
   * A probe's latest state is its published update until a flush sends it, then the compact base. Updates are
   * dropped once flushed, so they die young; kept until the next report (~1 s) they were promoted to V8's old
   * generation and grew the heap under load (measured). No probe's JSON is kept: a flush serialises each
   * changed probe once for the message every spec socket shares and drops it; a catch-up or a snapshot
   * serialises again. Caching each sent probe's JSON as a Buffer made ~120 MB of external memory within a
   * second or two for a whole-plant change at 100,000 probes, and V8 started a major GC for it
   * (docs/decisions/security.md#hub-keeps-no-probe-json).
   */
  private readonly unsent = new Map<string, PublishedProbe>();
  /** Changed since the last flush, in the order they changed. */
  readonly changed = new Set<string>();
  readonly compact = new CompactFeed();

  /** Every probe the hub knows: its latest state is its update or its compact base. */
  ids(): Set<string> {
    return new Set([...this.unsent.keys(), ...this.compact.probeIDs()]);
  }

  /** The Probe itself is only built (and serialised) when a flush sends it. */
  publish(update: PublishedProbe): void {
    const id = update.probeID;
    const pending = this.changed.has(id) ? this.unsent.get(id) : undefined;
    if (pending?.hasTransient) update = withEarlierTransients(update, pending.probe);
    this.unsent.set(id, update);
    this.changed.add(id);
  }

  forget(id: string): void {
    this.unsent.delete(id);
    this.changed.delete(id);
    this.compact.forget(id);
  }

  /** The latest state of a probe: its pending update, or the compact base. */
  latest = (id: string): Probe | undefined => this.unsent.get(id)?.probe ?? this.compact.probe(id);

  /** The probe's latest state as spec-format JSON. */
  json(id: string): string | undefined {
    const probe = this.latest(id);
    return probe && JSON.stringify(probe);
  }

  /**
   * The probe's JSON for a snapshot, made for this message only: caching every probe's JSON as a socket
   * connected made ~120 MB of Buffers in a second at 100,000 probes, and V8 starts a major GC whenever external
   * memory grows ~64 MB (docs/decisions/security.md#hub-keeps-no-probe-json).
   */
  bytes(id: string): Buffer | undefined {
    const text = this.json(id);
    return text === undefined ? undefined : Buffer.from(text);
  }

  *allBytes(): Generator<Buffer> {
    for (const id of this.ids()) {
      const bytes = this.bytes(id);
      if (bytes) yield bytes;
    }
  }

  /**
   * A flush sent these changed probes: their updates are no longer needed (the compact base holds them; a
   * backed-up socket's catch-up and a snapshot serialise them from it), and they are no longer changed.
   */
  flushed(sent: Set<string>): void {
    for (const id of sent) if (this.compact.has(id)) this.unsent.delete(id);
    if (sent === this.changed) this.changed.clear();
    else for (const id of sent) this.changed.delete(id);
  }
}
