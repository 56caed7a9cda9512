// The forms' mail in dev and preview when SMTP_URL is not set: an outbox folder of .eml files,
// written through nodemailer's stream transport, that any mail program opens. Node only (files);
// the portable SMTP transport is in mailers.ts.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MailMessage, Mailer } from './mail.ts';

/** Writes each message as `<time>-<random>.eml` in `dir` (created when needed), as a mail program would receive it. */
export function fileMailer(dir: string, shown = dir): Mailer {
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    description: `the outbox ${shown}`,
    async send(message: MailMessage) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
      const info = await (await transport).sendMail(message);
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole, then renamed: a mail program watching the folder never opens half a message.
      await writeFile(join(dir, `.${name}.tmp`), info.message as Buffer);
      await rename(join(dir, `.${name}.tmp`), join(dir, name));
    },
  };
}
