import 'server-only';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/edge/env';
import type { MessageProvider, OtpMessage } from './types';

// Default provider: a line in the server log plus one JSON object a line in DATA_DIR/outbox.jsonl
// (development and tests read codes there). With the in-memory database (DATA_DIR=':memory:')
// it writes to TEST_OUTBOX_FILE when set, else keeps the entries in memory (memoryOutbox).

export type OutboxEntry = {
  at: string;
  channel: OtpMessage['channel'];
  to: string;
  purpose: OtpMessage['purpose'];
  code: string;
  clientId: string;
  /** Console e-mails: the link they carry. */
  link?: string;
  /** The language the message was written in, when the sender chose one (docs/languages.md). */
  locale?: OtpMessage['locale'];
};

/** Entries written when there is no outbox file (in-memory database without TEST_OUTBOX_FILE). */
export const memoryOutbox: OutboxEntry[] = [];

/** The outbox file, or undefined when entries are kept in memory. */
export function outboxFile(): string | undefined {
  const e = env();
  if (e.DATA_DIR === ':memory:') return e.TEST_OUTBOX_FILE;
  return path.join(path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR), 'outbox.jsonl'); // the data folder, not the project
}

export const outboxProvider: MessageProvider = {
  name: 'outbox',
  // Synchronous work only (the file append happens before this returns its promise), so a
  // caller that does not wait for delivery still finds the entry at once.
  async send(m: OtpMessage) {
    const entry: OutboxEntry = { at: new Date().toISOString(), channel: m.channel, to: m.to, purpose: m.purpose, code: m.code, clientId: m.clientId, ...(m.link ? { link: m.link } : {}), ...(m.locale ? { locale: m.locale } : {}) };
    if (env().LOG_LEVEL !== 'silent') console.log(`[outbox] ${m.channel} to ${m.to}: ${m.link ? `${m.purpose} ${m.link}` : `${m.purpose} code ${m.code}`} (client ${m.clientId})`);
    const file = outboxFile();
    if (!file) {
      memoryOutbox.push(entry);
      return;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, JSON.stringify(entry) + '\n', { mode: 0o600 });
  },
};

/** Every entry delivered so far, oldest first. */
export function readOutbox(): OutboxEntry[] {
  const file = outboxFile();
  if (!file) return [...memoryOutbox];
  if (!existsSync(/*turbopackIgnore: true*/ file)) return [];
  return readFileSync(/*turbopackIgnore: true*/ file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}
