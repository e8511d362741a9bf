import type { AgentJobRecord, StoredAgentJobEvent } from '../storage/store.js';
import type { AgentJobEvent, AgentJobResult } from './job-events.js';

/** A job's event with its number (from 1): the id a client resumes after. */
export type NumberedAgentJobEvent = AgentJobEvent & { id: number };

/** Where the stream reads from. */
export interface JobEventSource {
  read(jobId: string, after: number): Promise<StoredAgentJobEvent[]>;
  get(jobId: string): Promise<AgentJobRecord | undefined>;
  /** Calls `listener` when this server stored an event of the job; returns the unsubscribe. */
  subscribe(jobId: string, listener: () => void): () => void;
  /** Milliseconds between reads while nothing arrives (events of jobs on other servers). */
  pollMs: number;
}

/**
 * The job's stored events after `after`, then the new ones as they are stored (by this server or
 * any other), ending after the `result` event. A job ended without one (a record written by an
 * older version) ends the stream with a result made from its record.
 */
export function streamAgentJobEvents(jobId: string, after: number, source: JobEventSource): ReadableStream<NumberedAgentJobEvent> {
  let last = after;
  let unsubscribe: (() => void) | undefined;
  let wake: (() => void) | undefined;
  const waitForMore = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, source.pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  return new ReadableStream<NumberedAgentJobEvent>(
    {
      start() {
        unsubscribe = source.subscribe(jobId, () => wake?.());
      },
      async pull(controller) {
        for (;;) {
          const rows = await source.read(jobId, last);
          for (const row of rows) {
            last = row.seq;
            const event = row.event as AgentJobEvent;
            controller.enqueue({ id: row.seq, ...event });
            if (event.type === 'result') {
              unsubscribe?.();
              controller.close();
              return;
            }
          }
          if (rows.length > 0) return;
          const job = await source.get(jobId);
          if (!job || job.state === 'succeeded' || job.state === 'failed') {
            // The result may have been stored between the two reads: read once more first.
            if (job && (await source.read(jobId, last)).length > 0) continue;
            if (job?.state === 'succeeded') controller.enqueue({ id: last + 1, type: 'result', state: 'succeeded', result: job.result as AgentJobResult });
            else if (job?.state === 'failed') controller.enqueue({ id: last + 1, type: 'result', state: 'failed', error: job.error ?? 'failed' });
            unsubscribe?.();
            controller.close();
            return;
          }
          await waitForMore();
        }
      },
      cancel() {
        unsubscribe?.();
        wake?.();
      },
    },
    // One event at a time: the stream reads the store only when the client has taken the last.
    { highWaterMark: 1 },
  );
}
