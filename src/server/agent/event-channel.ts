/**
 * Fan-out of a job's events to whoever listens: every listener gets the events sent before it
 * joined, then the rest live. A listener that leaves (a client hanging up) changes nothing for
 * the job or for the other listeners.
 */
export class EventChannel<Event> {
  private readonly history: Event[] = [];
  private readonly listeners = new Set<ReadableStreamDefaultController<Event>>();
  private closed = false;

  /** Sends an event to every listener. */
  send(event: Event): void {
    if (this.closed) return;
    this.history.push(event);
    for (const listener of this.listeners) listener.enqueue(event);
  }

  /** Ends every listener's stream; later events are dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.listeners) listener.close();
    this.listeners.clear();
  }

  /** A stream of all events, past and future. */
  listen(): ReadableStream<Event> {
    let controller: ReadableStreamDefaultController<Event> | undefined;
    return new ReadableStream<Event>({
      start: (streamController) => {
        controller = streamController;
        for (const event of this.history) streamController.enqueue(event);
        if (this.closed) streamController.close();
        else this.listeners.add(streamController);
      },
      cancel: () => {
        if (controller) this.listeners.delete(controller);
      },
    });
  }
}
