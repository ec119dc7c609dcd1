// Spec-format probeData messages from the probes' JSON: the hub's flush message, and the snapshot a socket
// gets on connect as probeData messages of at most 1 MB each (docs/security.md
// "Probe data bounds"): one message of every probe grew with the plant (546 MB at a million probes), and a
// client or proxy refuses frames that large. The client takes the first as the snapshot and the rest as
// updates, which ends in the same state.

export const maxSnapshotFrameBytes = 1024 * 1024;

const head = Buffer.from('{"messageType":"probeData","probes":[');
const tail = Buffer.from(']}');
const comma = ','.charCodeAt(0);

/**
 * One probeData message of the probes' JSON, texts or bytes, written into one Buffer: the hub's flush and the
 * snapshot's frames both make theirs here. (Joining the texts first was slower: event messages hold "°", which
 * turns the whole joined string two-byte before it is encoded.)
 */
export function probeDataMessage(parts: readonly (string | Buffer)[]): Buffer {
  return jsonArrayMessage(head, parts);
}

/** `head`, the parts joined by commas, then `]}`: a message whose last field is an array of JSON values. */
export function jsonArrayMessage(head: Buffer, parts: readonly (string | Buffer)[]): Buffer {
  let length = head.length + tail.length + Math.max(0, parts.length - 1);
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const message = Buffer.allocUnsafe(length);
  let offset = head.copy(message, 0);
  parts.forEach((part, i) => {
    if (i > 0) message[offset++] = comma;
    offset += typeof part === 'string' ? message.write(part, offset) : part.copy(message, offset);
  });
  tail.copy(message, offset);
  return message;
}

/** Each probe's JSON bytes, packed in order into messages of at most `maxBytes` (always at least one message). */
export function probeDataFrames(probes: Iterable<Buffer>, maxBytes = maxSnapshotFrameBytes): Buffer[] {
  const frames: Buffer[] = [];
  const empty = head.length + tail.length;
  let parts: Buffer[] = [];
  let length = empty;
  for (const bytes of probes) {
    const added = bytes.length + (parts.length > 0 ? 1 : 0);
    if (parts.length > 0 && length + added > maxBytes) {
      frames.push(probeDataMessage(parts));
      parts = [];
      length = empty;
    }
    length += bytes.length + (parts.length > 0 ? 1 : 0);
    parts.push(bytes);
  }
  frames.push(probeDataMessage(parts));
  return frames;
}
