import type { FastifyBaseLogger } from 'fastify';
import type { TaskResult } from '@worq/domain/wire/tasks';
import type { Database } from '../../db/client.ts';
import { schedule, type Scheduled } from '../../queue-core/schedule.ts';
import { doneChannel, findFinishedResults } from './repository.ts';
import type { TaskListener } from './types.ts';

const recheckEveryMs = 30_000;
const recheckChunk = 500;

/**
 * Who in this process waits for which task. One shared map keyed by request id keeps an idle socket
 * down to one entry here (no timer, no query). A finished task is announced with NOTIFY (payload =
 * id) by whichever process ran it; the hub re-reads the row only when someone here is waiting.
 */
export class TaskHub {
  private readonly listeners = new Map<string, Set<TaskListener>>();
  /** Ids being re-read now: the local call and the NOTIFY of the same finish need one read. */
  private readonly reading = new Set<string>();
  private unlisten: (() => Promise<void>) | undefined;
  private recheckTimer: Scheduled | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.database.listen) {
      this.unlisten = await this.database.listen(
        doneChannel,
        (id) => this.finished(id),
        // Announcements sent while the LISTEN connection was down are lost: look for them.
        () => void this.recheck(),
      );
    }
    // A safety net for a lost notification (and the only way on a database without LISTEN).
    this.recheckTimer = schedule('task result recheck', recheckEveryMs, () => this.recheck(), this.log);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.recheckTimer?.stop();
    this.listeners.clear();
    await this.unlisten?.().catch(() => {});
  }

  get waiting(): number {
    return this.listeners.size;
  }

  subscribe(id: string, listener: TaskListener): () => void {
    let set = this.listeners.get(id);
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(id);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(id);
    };
  }

  /** A task finished (here or elsewhere): deliver its result to whoever waits for it. */
  /** A task finished; `result` is given when this process wrote it, which saves reading it back. */
  finished(id: string, result?: TaskResult): void {
    if (this.stopped || !this.listeners.has(id)) return;
    if (result) {
      this.deliver(id, result);
      return;
    }
    if (this.reading.has(id)) return;
    this.reading.add(id);
    findFinishedResults(this.database.db, [id])
      .then(
        (results) => {
          const result = results.get(id);
          if (result) this.deliver(id, result);
        },
        (error: unknown) => this.log.warn({ err: error, taskId: id }, 'could not read a finished task'),
      )
      .finally(() => this.reading.delete(id));
  }

  private deliver(id: string, result: TaskResult): void {
    const set = this.listeners.get(id);
    if (!set) return;
    this.listeners.delete(id);
    for (const listener of set) {
      try {
        listener(result);
      } catch (error) {
        this.log.warn({ err: error, taskId: id }, 'task listener failed');
      }
    }
  }

  private async recheck(): Promise<void> {
    if (this.stopped || this.listeners.size === 0) return;
    const ids = [...this.listeners.keys()];
    try {
      for (let start = 0; start < ids.length; start += recheckChunk) {
        const results = await findFinishedResults(this.database.db, ids.slice(start, start + recheckChunk));
        for (const [id, result] of results) this.deliver(id, result);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'could not recheck waiting tasks');
    }
  }
}
