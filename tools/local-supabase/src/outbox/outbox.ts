import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from '@agentora/backend/mail/types';

/** A message as the functions hand it to Resend's API (resend-api.ts reads it from the request). */
export type OutboxMail = MailMessage;

export interface OutboxMessage extends OutboxMail {
  id: string;
  createdAt: string;
}

/**
 * Where mail goes when no real transport is configured: one JSON file per message, newest first. Like
 * Resend, it honours the idempotency key: a second send with the same key answers the first message's id
 * and writes nothing.
 */
export interface Outbox {
  readonly dir: string;
  /** Keeps the message unless one with the same idempotency key is kept already; its id either way. */
  accept(mail: OutboxMail): Promise<{ id: string }>;
  list(): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | undefined>;
  /**
   * Resolves once no message is being written: a server that stops waits for it, so that nothing writes
   * into the data dir after the stop (a test then deletes the dir).
   */
  settled(): Promise<void>;
}

const ID_SHAPE = /^[0-9a-f-]{36}$/;

export function createOutbox(dir: string): Outbox {
  const keysDir = path.join(dir, 'idempotency-keys');
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

  const writing = new Set<Promise<unknown>>();

  return {
    dir,
    accept(mail) {
      const written = keep(mail);
      writing.add(written);
      void written.finally(() => writing.delete(written)).catch(() => undefined);
      return written;
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
    async settled() {
      await Promise.allSettled([...writing]);
    },
  };

  async function keep(mail: OutboxMail): Promise<{ id: string }> {
    const message: OutboxMessage = {
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      ...mail,
    };
    await mkdir(keysDir, { recursive: true });
    const keyFile = path.join(
      keysDir,
      createHash('sha256').update(mail.idempotencyKey).digest('hex'),
    );
    try {
      // Exclusive create: of two sends with one key, exactly one gets to write its message.
      await writeFile(keyFile, message.id, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return { id: (await readFile(keyFile, 'utf8')).trim() };
    }
    // Written aside and renamed, so the listing never sees half a message.
    const target = fileFor(message);
    await writeFile(`${target}.tmp`, JSON.stringify(message, null, 2));
    await rename(`${target}.tmp`, target);
    return { id: message.id };
  }
}
