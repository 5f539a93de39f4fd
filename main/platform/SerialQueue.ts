/**
 * Runs tasks one after another. A secret store rewrites its whole file on every change, so two
 * overlapping read-modify-write cycles (the API key and an OAuth token saved at once) would
 * lose one of the changes; queued, each cycle sees the previous one's result.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The queue continues after a failure; the caller still sees the rejection.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
