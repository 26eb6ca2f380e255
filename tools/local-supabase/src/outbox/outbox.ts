import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AcceptedMail, KeyedSend, MailStore } from '@agentora/fake-resend';
import type { MailMessage } from '@agentora/backend/mail/types';

/** A message as the outbox keeps it: the recipients in one line (the functions send to one address). */
export type OutboxMail = MailMessage;

export interface OutboxMessage extends OutboxMail {
  id: string;
  createdAt: string;
}

/**
 * Where mail goes when no real transport is configured: one JSON file per message, listed newest first
 * (the mails of one batch, which share a time, last handed over first).
 * Resend's API (@agentora/fake-resend, mounted at /resend) writes into it through `store`, which keeps
 * the idempotency keys beside the messages, so a restart of the server forgets none.
 */
export interface Outbox {
  readonly dir: string;
  /** Keeps a message handed over directly (Auth's own mail); its id. */
  keep(mail: OutboxMail): Promise<{ id: string }>;
  list(): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | undefined>;
  /** What Resend's API keeps its mail and keys in. */
  readonly store: MailStore;
  /**
   * Resolves once no message is being written: a server that stops waits for it, so that nothing writes
   * into the data dir after the stop (a test then deletes the dir).
   */
  settled(): Promise<void>;
}

const ID_SHAPE = /^[0-9a-f-]{36}$/;

/** Written aside and renamed, so no reader sees half a file. */
async function writeWhole(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

function messageOf(mail: AcceptedMail): OutboxMessage {
  return {
    id: mail.id,
    createdAt: new Date(mail.acceptedAt).toISOString(),
    from: mail.from,
    to: mail.to.join(', '),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
    idempotencyKey: mail.idempotencyKey,
  };
}

export function createOutbox(dir: string): Outbox {
  const keysDir = path.join(dir, 'resend-keys');
  const keyFile = (key: string) =>
    path.join(keysDir, createHash('sha256').update(key).digest('hex'));

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
  function tracked<T>(work: Promise<T>): Promise<T> {
    writing.add(work);
    void work.finally(() => writing.delete(work)).catch(() => undefined);
    return work;
  }

  // The names sort as the mail arrived: its time, then the order this server took it in. Resend
  // stamps every mail of a batch with one time, so without the second part the mails of a batch
  // listed in the order of their random ids, and "the newest mail" of a test was any of them.
  let taken = 0;
  async function write(message: OutboxMessage): Promise<void> {
    taken += 1;
    const name = `${message.createdAt.replace(/[:.]/g, '-')}_${String(taken).padStart(10, '0')}_${message.id}.json`;
    await mkdir(dir, { recursive: true });
    await writeWhole(path.join(dir, name), JSON.stringify(message, null, 2));
  }

  return {
    dir,
    keep(mail) {
      const message = { id: randomUUID(), createdAt: new Date().toISOString(), ...mail };
      return tracked(write(message).then(() => ({ id: message.id })));
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
    store: {
      async find(key) {
        try {
          return JSON.parse(await readFile(keyFile(key), 'utf8')) as KeyedSend;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
      },
      keep(mail, bodyHash) {
        return tracked(
          (async () => {
            // The message before its key: a stop between the two leaves a mail that a retry sends
            // again, never a key that answers for a mail that was not kept.
            await write(messageOf(mail));
            if (mail.idempotencyKey === '') return;
            await mkdir(keysDir, { recursive: true });
            const send: KeyedSend = { id: mail.id, bodyHash, at: mail.acceptedAt };
            await writeWhole(keyFile(mail.idempotencyKey), JSON.stringify(send));
          })(),
        );
      },
      keepBatch(mails, key, send) {
        return tracked(
          (async () => {
            // The messages before the batch's key, as for one message.
            for (const mail of mails) await write(messageOf(mail));
            if (key === '') return;
            await mkdir(keysDir, { recursive: true });
            await writeWhole(keyFile(key), JSON.stringify(send));
          })(),
        );
      },
    },
    async settled() {
      await Promise.allSettled([...writing]);
    },
  };
}
