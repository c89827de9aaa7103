import type { Command } from '@fleetport/contracts/device-protocol';
import type { Logger } from 'pino';
import { type Database, openDatabase } from '../db/client.ts';
import { DownloadLinks } from '../modules/tasks/download-links.ts';
import { TaskEngine } from '../modules/tasks/engine.ts';
import { openTaskQueue, type TaskQueue } from '../modules/tasks/queue.ts';

export interface EngineProcess {
  database: Database;
  queue: TaskQueue;
  engine: TaskEngine;
}

/**
 * A task engine as another API process runs it, on its own connections to the test's PostgreSQL
 * database, handing commands to `send` (a fake device) instead of a broker. Not started: the
 * caller starts its workers when it wants them.
 */
export async function engineProcess(
  databaseUrl: string | undefined,
  log: Logger,
  send: (serial: string, command: Command) => Promise<void>,
): Promise<EngineProcess> {
  const database = await openDatabase({ databaseUrl, dataDir: '', log });
  const queue = await openTaskQueue(database, log);
  const engine = new TaskEngine({
    db: database.db,
    queue,
    log,
    realtime: undefined,
    links: new DownloadLinks(Buffer.alloc(32), 'http://127.0.0.1'),
    secretKey: Buffer.alloc(32, 7),
    sender: { sendTaskCommand: send },
  });
  return { database, queue, engine };
}
