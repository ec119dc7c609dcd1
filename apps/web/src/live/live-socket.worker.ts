// The live feed's WebSocket in a worker: parsing, compact decoding and chunking (live-session.ts) happen
// here, so no single main-thread task has to parse or clone megabytes at once.
/// <reference lib="webworker" />
import type { WorkerCommand, WorkerEvent } from './live-message';
import { createLiveSession } from './live-session';
import { ProbePatchWriter } from './probe-patches';

declare const self: DedicatedWorkerGlobalScope;
let socket: WebSocket | null = null;
const session = createLiveSession();
const post = (event: WorkerEvent) => self.postMessage(event);
const patches = new ProbePatchWriter();

self.onmessage = (event: MessageEvent<WorkerCommand>) => {
  const command = event.data;
  if (command.type === 'open') {
    socket = new WebSocket(command.url, command.protocols);
    socket.onopen = () => {
      session.open();
      post({ type: 'open' });
    };
    socket.onerror = () => post({ type: 'error' });
    socket.onclose = (close) => {
      post({ type: 'close', code: close.code });
      self.close();
    };
    socket.onmessage = (message: MessageEvent) => {
      for (const { message: out, isSnapshot, keepIDs } of session.receive(message.data)) {
        if (out.messageType === 'probeData') {
          post({ type: 'probes', patches: patches.patches(out.probes), isSnapshot, keepIDs });
          continue;
        }
        if (out.messageType === 'probeDeletion') patches.forget(out.probes.map((p) => p.probeID));
        post({ type: 'message', message: out, isSnapshot, keepIDs });
      }
    };
  } else if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
    socket.close(command.code);
  } else {
    self.close();
  }
};
