import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  MailMessage,
  MailTransport,
} from '../../../../supabase/functions/send-thank-you-email/types.ts';

export interface OutboxMessage extends MailMessage {
  id: string;
  createdAt: string;
}

/** Where mail goes when no real transport is configured: one JSON file per message, newest first. */
export interface Outbox {
  readonly dir: string;
  readonly transport: MailTransport;
  list(): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | undefined>;
}

const ID_SHAPE = /^[0-9a-f-]{36}$/;

export function createOutbox(dir: string): Outbox {
  const fileFor = (message: OutboxMessage) =>
    path.join(dir, `${message.createdAt.replace(/[:.]/g, '-')}_${message.id}.json`);

  async function files(): Promise<string[]> {
    try {
      return (await readdir(dir)).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function read(name: string): Promise<OutboxMessage> {
    return JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMessage;
  }

  return {
    dir,
    transport: {
      async send(mail) {
        const message: OutboxMessage = {
          id: randomUUID(),
          createdAt: new Date().toISOString(),
          ...mail,
        };
        await mkdir(dir, { recursive: true });
        // Written aside and renamed, so the listing never sees half a message.
        const target = fileFor(message);
        await writeFile(`${target}.tmp`, JSON.stringify(message, null, 2));
        await rename(`${target}.tmp`, target);
        return { id: message.id };
      },
    },
    async list() {
      const names = (await files()).sort().reverse();
      return Promise.all(names.map(read));
    },
    async get(id) {
      if (!ID_SHAPE.test(id)) return undefined;
      const name = (await files()).find((file) => file.endsWith(`_${id}.json`));
      return name ? read(name) : undefined;
    },
  };
}
