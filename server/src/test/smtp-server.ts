import { SMTPServer } from 'smtp-server';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

export interface CapturedMail {
  to: string[];
  /** Headers by lower-case name, unfolded. */
  headers: Map<string, string>;
  subject: string;
  raw: string;
  /** The message as a person reads it: quoted-printable soft breaks and escapes undone. */
  text: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts, for tests that
 * check what the app mails. `refuseWith(550)` makes it answer every message with that
 * code (a permanent failure) until `refuseWith(null)`.
 */
export interface TestSmtpServer {
  url: string;
  messages: CapturedMail[];
  refuseWith(code: number | null): void;
  /** Waits until `count` messages match `filter` (a busy machine: generous). */
  waitFor(filter: (mail: CapturedMail) => boolean, count?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal !== null) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: refusal });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = headersOf(raw);
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers,
          subject: decodeWords(headers.get('subject') ?? ''),
          raw,
          text: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_escape, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            ),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseWith: (code) => {
      refusal = code;
    },
    async waitFor(filter, count = 1) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = messages.filter(filter);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `timed out waiting for ${count} message(s); got: ${messages.map((m) => m.subject).join(' | ')}`,
          );
        }
        await sleep(100);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (a subject with non-ASCII characters), as a mail client shows them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text),
    );
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '_') bytes.push(0x20);
    else if (char === '=') {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(char.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}
