// The worker → page hand-over of probes as patches (probe-patches.ts): what the page rebuilds equals what the
// worker decoded, through the JSON text the worker really posts (live-message.ts), and a patch carries only the
// fields that changed.
import { CompactDecoder, compactRecordText, encodeCompactFields, type Probe } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { event, makeProbe } from './probe-fixtures';
import { decodeWorkerEvent, encodeWorkerEvent } from './live-message';
import { ProbePatchReader, ProbePatchWriter, type ProbePatch } from './probe-patches';

const epochMs = 1_763_890_000_000;

/** A compact stream as the server writes it: a snapshot, then deltas of the fields changed since the last flush. */
function compactStream() {
  const decoder = new CompactDecoder();
  let last = new Map<string, Probe>();
  const snapshot = (probes: Probe[]) => {
    last = new Map(probes.map((p) => [p.probeID, p]));
    const records = probes.map((p, i) => compactRecordText(i, null, encodeCompactFields(p, epochMs), null));
    const text = `{"c":"s","n":[0,1],"t":${epochMs},"ids":${JSON.stringify(probes.map((p) => p.probeID))},"p":[${records.join(',')}]}`;
    return decoder.decode(JSON.parse(text)).probes;
  };
  const handles = () => [...last.keys()];
  const delta = (probes: Probe[]) => {
    const records = probes.map((p) => {
      const before = last.get(p.probeID)!;
      last.set(p.probeID, p);
      return compactRecordText(
        handles().indexOf(p.probeID),
        null,
        encodeCompactFields(p, epochMs),
        encodeCompactFields(before, epochMs),
      );
    });
    return decoder.decode(JSON.parse(`{"c":"d","p":[${records.join(',')}]}`)).probes;
  };
  return { snapshot, delta };
}

/** The patches as the page receives them: encoded to the worker's post and decoded from it. */
function posted(patches: ProbePatch[]): ProbePatch[] {
  const event = decodeWorkerEvent(encodeWorkerEvent({ type: 'probes', patches, isSnapshot: false }));
  return event.type === 'probes' ? event.patches : [];
}

/** Both ends with the worker's post between them. */
function handOver() {
  const writer = new ProbePatchWriter();
  const reader = new ProbePatchReader();
  return {
    writer,
    reader,
    send: (probes: Probe[]) => reader.probesOf(posted(writer.patches(probes))),
  };
}

describe('probe patches', () => {
  it('rebuilds every decoded probe on the page, from a snapshot through updates', () => {
    const stream = compactStream();
    const { send } = handOver();
    const a = makeProbe('a');
    const b = makeProbe('b', { stateString: 'Warning', latitude: 48.1, longitude: 11.5 });
    const first = stream.snapshot([a, b]);
    expect(send(first)).toEqual([a, b]);
    const a2 = { ...a, batteryPercentage: 12.25, report: { timestamp: '2026-11-23T10:00:01.000Z', readings: [] } };
    const b2 = { ...b, state: { state: 3, stateString: 'Critical' }, events: [event(12)] };
    expect(send(stream.delta([a2, b2]))).toEqual([a2, b2]);
    const a3 = { ...a2, assignment: { buildStage: null, agv: null, batteryPack: null }, isMonitoring: false };
    expect(send(stream.delta([a3]))).toEqual([a3]);
  });

  it('posts only the fields that changed, and a probe it has not posted whole', () => {
    const stream = compactStream();
    const { writer } = handOver();
    const a = makeProbe('a');
    expect(writer.patches(stream.snapshot([a]))).toEqual([a]);
    const a2 = { ...a, batteryPercentage: 50 };
    expect(writer.patches(stream.delta([a2]))).toEqual([{ probeID: 'a', batteryPercentage: 50 }]);
  });

  it('drops a field that went away, and sends a probe whole again after its deletion', () => {
    const { writer, reader, send } = handOver();
    const withExtra = { ...makeProbe('a'), extra: 1 } as Probe;
    expect(send([withExtra])).toEqual([withExtra]);
    const plain = makeProbe('a');
    expect(Object.keys(send([plain])[0]!)).toEqual(Object.keys(plain));
    writer.forget(['a']);
    reader.forget(['a']);
    const again = makeProbe('a', { batteryPercentage: 5 });
    expect(writer.patches([again])).toEqual([again]);
  });

  it('names the fields that went away or turned undefined, which JSON text could not carry as values', () => {
    const { writer, send } = handOver();
    const withExtras = { ...makeProbe('a'), extra: 1, other: 2 } as Probe;
    send([withExtras]);
    const { extra: _gone, ...kept } = withExtras as Probe & { extra: number };
    const next = { ...kept, batteryPercentage: 7, other: undefined } as Probe;
    const patch = writer.patches([next])[0]!;
    expect(patch).toEqual({ probeID: 'a', batteryPercentage: 7, removedFields: ['other', 'extra'] });
  });

  it('the page ends with the probe the worker decoded, field for field, after a field went away', () => {
    const { send } = handOver();
    send([{ ...makeProbe('a'), extra: 1 } as Probe]);
    const [rebuilt] = send([makeProbe('a', { batteryPercentage: 7 })]);
    expect(rebuilt).toStrictEqual(makeProbe('a', { batteryPercentage: 7 }));
  });
});
