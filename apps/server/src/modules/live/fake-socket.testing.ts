// A live socket for hub tests: records what the hub sends, and lets a test set readyState and bufferedAmount.
import type { LiveMessage } from '@bpm/protocol';
import type { LiveSocket } from './live-clients.js';

export class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: Buffer[] = [];
  /** For each sent message, whether the hub asked for it to be compressed (permessage-deflate). */
  compressed: boolean[] = [];
  send(data: Buffer, options?: { compress: boolean }): void {
    this.sent.push(data);
    this.compressed.push(options?.compress ?? false);
  }
  ping(): void {}
  terminate(): void {
    this.readyState = 3;
  }
  /** What was sent but `alarms` messages (a snapshot's among them, which every connect begins with). */
  probeMessages(): Buffer[] {
    return this.sent.filter((b) => !b.toString('latin1', 0, 23).startsWith('{"messageType":"alarms"'));
  }
  /** What was sent, parsed as spec-format messages. */
  messages(): LiveMessage[] {
    return this.sent.map((b) => JSON.parse(b.toString()) as LiveMessage);
  }
}
