/**
 * The desktop application handles one request at a time per company file; the rest wait in order.
 * Work is queued even when it is synchronous today, so that injected latency later keeps the order.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(work: () => T | Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(work).finally(() => {
      this.pending -= 1;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  get depth(): number {
    return this.pending;
  }
}
