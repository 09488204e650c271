import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { EMAIL_KINDS, type EmailKind } from '@shared/domain/nudges';

export interface MailOptions {
  /** smtp://user:pass@host:587 or smtps://… */
  smtpUrl: string;
  from: string;
  /** The origin links in e-mails point to. */
  publicUrl: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** RFC 8058, for notifications. */
  unsubscribeUrl?: string;
}

/**
 * Unsubscribe links are signed with a key derived from a secret every instance shares (the
 * stored VAPID private key), so any instance can check any link.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #signingKey: Buffer;

  constructor(
    readonly options: MailOptions,
    sharedSecret: string,
  ) {
    this.#transport = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.#signingKey = Buffer.from(
      hkdfSync('sha256', sharedSecret, 'pickem', 'unsubscribe links', 32),
    );
  }

  linkTo(path: string): string {
    return new URL(path, this.options.publicUrl).toString();
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.unsubscribeUrl && {
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    });
  }

  close() {
    this.#transport.close();
  }

  unsubscribeLinksOf(userId: number, kind: EmailKind): { oneClick: string; page: string } {
    const payload = `${userId}.${kind}`;
    const token = encodeURIComponent(`${payload}.${this.#signatureOf(payload)}`);
    return {
      oneClick: this.linkTo(`/api/unsubscribe?token=${token}`),
      page: this.linkTo(`/unsubscribe?token=${token}`),
    };
  }

  /** null when it was not signed here. */
  readUnsubscribeToken(token: string): { userId: number; kind: EmailKind } | null {
    const match = /^(\d{1,10})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, kind, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.#signatureOf(`${id}.${kind}`));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
    if (!(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
    return { userId: Number(id), kind: kind as EmailKind };
  }

  #signatureOf(payload: string) {
    return createHmac('sha256', this.#signingKey).update(payload).digest('base64url');
  }
}

/** 5xx: retrying cannot help. */
export function isPermanentFailure(error: unknown): error is Error & { responseCode: number } {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
