// The forms' mail transport through SMTP, with nodemailer (loaded on the first message), when
// SMTP_URL is set; without it, dev and preview write an outbox folder instead (file-mailer.ts, the
// Node side). No `node:` imports: a host's bundle of the function reaches this module.
// site/functions/mail.ts says what is sent.
import type { MailMessage, Mailer } from './mail.ts';

/** SMTP_URL could not be used; the message says why and how to write it. */
export class MailConfigError extends Error {
  override name = 'MailConfigError';
}

/** `smtps://user:secret@smtp.example.com:465` → `SMTP at smtp.example.com:465` (no secrets in logs). */
export function describeSmtpUrl(url: string): string {
  const u = new URL(url);
  return `SMTP at ${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/** Checks SMTP_URL; throws MailConfigError with the reason when it is not an smtp: or smtps: address. */
export function checkSmtpUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new MailConfigError('SMTP_URL is not an address. Write it as smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465, or unset it.');
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') {
    throw new MailConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${u.protocol}//. Write it as smtp://user:password@host:587, or unset it.`);
  }
}

/** Sends through the SMTP server at `url` (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS from the start). */
export function smtpMailer(url: string): Mailer {
  checkSmtpUrl(url);
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    description: describeSmtpUrl(url),
    async send(message) {
      transport ??= import('nodemailer').then((nodemailer) =>
        nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
      );
      await (await transport).sendMail(message);
    },
  };
}
