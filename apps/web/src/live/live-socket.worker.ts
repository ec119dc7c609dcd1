// The live feed's WebSocket in a worker: JSON parsing happens here, and large probeData messages reach the
// page in chunks of 250 probes, so no single main-thread task has to parse or clone megabytes at once.
/// <reference lib="webworker" />
import { parseLiveMessage, probesPerChunk, type WorkerCommand, type WorkerEvent } from './live-message';

declare const self: DedicatedWorkerGlobalScope;
let socket: WebSocket | null = null;
let awaitingSnapshot = false;
const post = (event: WorkerEvent) => self.postMessage(event);

self.onmessage = (event: MessageEvent<WorkerCommand>) => {
  const command = event.data;
  if (command.type === 'open') {
    socket = new WebSocket(command.url);
    socket.onopen = () => {
      awaitingSnapshot = true;
      post({ type: 'open' });
    };
    socket.onerror = () => post({ type: 'error' });
    socket.onclose = (close) => {
      post({ type: 'close', code: close.code });
      self.close();
    };
    socket.onmessage = (message: MessageEvent) => {
      const parsed = parseLiveMessage(message.data);
      if (!parsed) return;
      if (parsed.messageType !== 'probeData') {
        post({ type: 'message', message: parsed, isSnapshot: false });
        return;
      }
      const isSnapshot = awaitingSnapshot;
      awaitingSnapshot = false;
      const { probes } = parsed;
      for (let start = 0; start === 0 || start < probes.length; start += probesPerChunk) {
        const chunk = { messageType: 'probeData' as const, probes: probes.slice(start, start + probesPerChunk) };
        const first = start === 0;
        post({
          type: 'message',
          message: chunk,
          isSnapshot: isSnapshot && first,
          keepIDs: isSnapshot && first ? probes.map((p) => p.probeID) : undefined,
        });
      }
    };
  } else if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
    socket.close(command.code);
  } else {
    self.close();
  }
};
