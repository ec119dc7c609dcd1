// Probes crossing from the live worker to the page as patches (docs/decisions/dashboard.md#patches-from-the-worker): the
// page receives a copy of whatever the worker posts (JSON text: docs/decisions/dashboard.md#worker-posts-json-text), and
// copying 10,000 whole probes a second (state, assignment, report, readings, events: ~20 objects each) was the
// main thread's largest cost.
// The compact decoder keeps a field's object when the field did not change, so the worker posts only the
// top-level fields that differ from the probe it last posted, and the page merges them into its copy of
// that probe. Both ends see the same messages in the same order, so they agree on what was posted last.
import type { Probe } from '@bpm/protocol';

/**
 * A probe's ID and the top-level fields that changed since it was last posted, with the names of those that went
 * away in removedFields (the post is JSON, which has no undefined); the whole probe when it is new.
 */
export type ProbePatch = Partial<Probe> & Pick<Probe, 'probeID'> & { removedFields?: string[] };

/** The worker's end: remembers the last probe posted per ID. */
export class ProbePatchWriter {
  private readonly posted = new Map<string, Probe>();

  patches(probes: readonly Probe[]): ProbePatch[] {
    return probes.map((probe) => {
      const previous = this.posted.get(probe.probeID);
      this.posted.set(probe.probeID, probe);
      return previous ? patchOf(previous, probe) : probe;
    });
  }

  /** A probeDeletion: the next probe with this ID goes whole. */
  forget(probeIDs: Iterable<string>): void {
    for (const id of probeIDs) this.posted.delete(id);
  }
}

/** The page's end: the same memory, rebuilding each whole probe from its patch. */
export class ProbePatchReader {
  private readonly probes = new Map<string, Probe>();

  probesOf(patches: readonly ProbePatch[]): Probe[] {
    return patches.map((patch) => {
      const previous = this.probes.get(patch.probeID);
      const probe = previous ? merged(previous, patch) : (patch as Probe);
      this.probes.set(patch.probeID, probe);
      return probe;
    });
  }

  forget(probeIDs: Iterable<string>): void {
    for (const id of probeIDs) this.probes.delete(id);
  }
}

type Fields = Record<string, unknown>;

/** The fields of `next` that are not the same value as in `previous`, and the names of those it no longer has. */
function patchOf(previous: Probe, next: Probe): ProbePatch {
  const before = previous as unknown as Fields;
  const after = next as unknown as Fields;
  const patch: Fields = { probeID: next.probeID };
  let removed: string[] | undefined;
  for (const key in after) {
    if (after[key] === before[key]) continue;
    if (after[key] === undefined) (removed ??= []).push(key);
    else patch[key] = after[key];
  }
  for (const key in before) if (!(key in after) && before[key] !== undefined) (removed ??= []).push(key);
  if (removed) patch.removedFields = removed;
  return patch as ProbePatch;
}

function merged(previous: Probe, patch: ProbePatch): Probe {
  const probe: Fields = { ...previous };
  const fields = patch as unknown as Fields;
  for (const key in fields) if (key !== 'removedFields') probe[key] = fields[key];
  for (const key of patch.removedFields ?? []) delete probe[key];
  return probe as unknown as Probe;
}
