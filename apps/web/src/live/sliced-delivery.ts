// The live worker's hand-on of a session's messages in slices (docs/decisions/dashboard.md#sliced-delivery): a 1 MB
// snapshot part decoded and posted at once was a 45–50 ms task in the worker, and the page's first rows waited
// for it. Each socket frame's messages (live-session.ts receiveInSlices) are taken one chunk at a time for at
// most budgetMs per task, then the rest waits for a later task; frames queue behind each other, so the order
// of the messages is the socket's.

import { scheduleTask } from './schedule-task';

export interface SlicedDeliveryOptions {
  /** Time one task may spend taking and handing on messages; the chunk that crosses it finishes first. */
  budgetMs?: number;
  /** Monotonic clock; performance.now in the browser. */
  elapsedMs?: () => number;
  /** Runs the continuation in a later task (a MessageChannel in the worker, manual in tests). */
  schedule?: (run: () => void) => void;
}

/** Per task, like the store's frame budget (frame-budget.ts frameBudgetMs): well below a 50 ms long task. */
export const sliceBudgetMs = 8;

export class SlicedDelivery<T> {
  private readonly queue: Iterator<T>[] = [];
  private scheduled = false;
  private readonly budgetMs: number;
  private readonly elapsedMs: () => number;
  private readonly schedule: (run: () => void) => void;

  constructor(
    private readonly deliver: (item: T) => void,
    options: SlicedDeliveryOptions = {},
  ) {
    this.budgetMs = options.budgetMs ?? sliceBudgetMs;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
    this.schedule = options.schedule ?? scheduleTask;
  }

  /** Queues one frame's messages; starts handing them on at once unless earlier ones still wait for their task. */
  add(items: Iterable<T>): void {
    this.queue.push(items[Symbol.iterator]());
    if (!this.scheduled) this.run(this.budgetMs);
  }

  /** Hands on everything still queued, now (the socket closed: nothing may follow its close). */
  deliverAll(): void {
    this.run(Infinity);
  }

  private run(budgetMs: number): void {
    const deadline = this.elapsedMs() + budgetMs;
    while (this.queue.length > 0) {
      const next = this.queue[0]!.next();
      if (next.done) {
        this.queue.shift();
        continue;
      }
      this.deliver(next.value);
      if (this.elapsedMs() >= deadline) {
        this.scheduled = true;
        this.schedule(() => {
          this.scheduled = false;
          this.run(this.budgetMs);
        });
        return;
      }
    }
  }
}
