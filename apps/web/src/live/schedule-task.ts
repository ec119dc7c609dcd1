// A later task, soon: a MessageChannel message, without setTimeout's 4 ms clamp on nested timers. Used where work is
// split into tasks so that none becomes a long one (sliced-delivery.ts, probe-store.ts).
export function scheduleTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
