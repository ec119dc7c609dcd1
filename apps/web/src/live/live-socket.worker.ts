// The live feed's WebSocket in a worker: parsing, compact decoding and chunking (live-session.ts) happen
// here, so no single main-thread task has to parse or clone megabytes at once.
/// <reference lib="webworker" />
import type { WorkerCommand, WorkerEvent } from './live-message';
import { createLiveSession, type SessionMessage } from './live-session';
import { ProbePatchWriter } from './probe-patches';
import { SlicedDelivery } from './sliced-delivery';

declare const self: DedicatedWorkerGlobalScope;
let socket: WebSocket | null = null;
const session = createLiveSession();
const post = (event: WorkerEvent) => self.postMessage(event);
const patches = new ProbePatchWriter();

const postSessionMessage = ({ message: out, isSnapshot, keepIDs }: SessionMessage) => {
  if (out.messageType === 'probeData') {
    post({ type: 'probes', patches: patches.patches(out.probes), isSnapshot, keepIDs });
    return;
  }
  if (out.messageType === 'probeDeletion') patches.forget(out.probes.map((p) => p.probeID));
  post({ type: 'message', message: out, isSnapshot, keepIDs });
};
// A snapshot part is decoded and posted a chunk at a time, a few per task (sliced-delivery.ts): its first chunk
// reaches the page before the rest of the part is decoded.
const delivery = new SlicedDelivery(postSessionMessage);

self.onmessage = (event: MessageEvent<WorkerCommand>) => {
  const command = event.data;
  if (command.type === 'open') {
    socket = new WebSocket(command.url, command.protocols);
    socket.onopen = () => {
      session.open();
      post({ type: 'open' });
    };
    socket.onerror = () => {
      delivery.deliverAll();
      post({ type: 'error' });
    };
    socket.onclose = (close) => {
      delivery.deliverAll();
      post({ type: 'close', code: close.code });
      self.close();
    };
    socket.onmessage = (message: MessageEvent) => delivery.add(session.receiveInSlices(message.data));
  } else if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
    socket.close(command.code);
  } else {
    self.close();
  }
};
