// The live feed's WebSocket in a worker: parsing, compact decoding and chunking (live-session.ts) happen
// here, so no single main-thread task has to parse or clone megabytes at once.
/// <reference lib="webworker" />
import { encodeWorkerEvent, type WorkerCommand, type WorkerEvent } from './live-message';
import { createLiveSession, type SessionMessage } from './live-session';
import { SlicedDelivery } from './sliced-delivery';
import { WorkerOutbox } from './worker-outbox';

declare const self: DedicatedWorkerGlobalScope;
let socket: WebSocket | null = null;
const session = createLiveSession();
// Updates cross to the page at most once per post interval, a snapshot's chunks at once (worker-outbox.ts), as
// JSON text (live-message.ts).
const outbox = new WorkerOutbox((event: WorkerEvent) => self.postMessage(encodeWorkerEvent(event)));
// A snapshot part is decoded and posted a chunk at a time, a few per task (sliced-delivery.ts): its first chunk
// reaches the page before the rest of the part is decoded.
const delivery = new SlicedDelivery((message: SessionMessage) => outbox.add(message));

self.onmessage = (event: MessageEvent<WorkerCommand>) => {
  const command = event.data;
  if (command.type === 'open') {
    socket = new WebSocket(command.url, command.protocols);
    socket.onopen = () => {
      session.open();
      outbox.postNow({ type: 'open' });
    };
    socket.onerror = () => {
      delivery.deliverAll();
      outbox.postNow({ type: 'error' });
    };
    socket.onclose = (close) => {
      delivery.deliverAll();
      outbox.postNow({ type: 'close', code: close.code });
      self.close();
    };
    socket.onmessage = (message: MessageEvent) => delivery.add(session.receiveInSlices(message.data));
  } else if (command.type === 'taken') {
    outbox.taken();
  } else if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
    socket.close(command.code);
  } else {
    self.close();
  }
};
