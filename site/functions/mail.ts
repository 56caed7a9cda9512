// The forms' mail: what is sent, to whom, and the small interface a transport implements. No
// imports, so the handler stays portable; the transports (a file outbox, SMTP through nodemailer)
// are in mailers.ts and load only when a message is sent.

/** One plain-text email. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** Sends (or, in dev and preview, writes) a message; rejects when it could not. */
export interface Mailer {
  /** Where mail goes, for logs: "the outbox .data/outbox", "SMTP at smtp.example.com:587". */
  description: string;
  send(message: MailMessage): Promise<void>;
}

/** What the forms function needs to send its two emails. */
export interface FormsMail {
  /** The transport, or a function that opens it on first use; null: no mail is sent (the log says so once). */
  mailer: Mailer | (() => Promise<Mailer>) | null;
  /** The sender, e.g. `Heart Notes <hello@heartnotes.example>`. */
  from: string;
  /** Who is told of each new contact message; null: nobody (the log says so once). */
  notify: string | null;
  /** The site's address, for the links in the guide email, e.g. `https://heartnotes.example`. */
  siteUrl: string;
  /** How long an answer waits for the mail before it goes out anyway (default: 5,000 ms; the mail goes on). */
  timeoutMs?: number;
}

/** The free guide a subscriber is sent, and where on the site it is (content/pages/thank-you.md). */
export const GUIDE = { title: '10 Texts That Melt His Heart', path: '/thank-you#the-guide' } as const;

export interface MailSettingsInput {
  env: Record<string, string | undefined>;
  /** content/site.json: its title, url and contactEmail. */
  site: { title?: string; url?: string; contactEmail?: string };
}

/**
 * The sender, the editors' address and the site address from the environment, else from
 * content/site.json: HEARTNOTES_MAIL_FROM (default: the site's title and contactEmail),
 * HEARTNOTES_NOTIFY_EMAIL (default: contactEmail), HEARTNOTES_SITE_URL (default: url).
 */
export function mailSettings({ env, site }: MailSettingsInput): Omit<FormsMail, 'mailer'> {
  const contact = site.contactEmail?.trim() || null;
  const title = (site.title ?? 'Heart Notes').replace(/["\\\r\n]/g, '');
  const from = env.HEARTNOTES_MAIL_FROM?.trim() || (contact ? `"${title}" <${contact}>` : `"${title}" <no-reply@localhost>`);
  return {
    from,
    notify: env.HEARTNOTES_NOTIFY_EMAIL?.trim() || contact,
    siteUrl: (env.HEARTNOTES_SITE_URL?.trim() || site.url || 'http://localhost').replace(/\/+$/, ''),
  };
}

/** The guide, sent once to a new subscriber (not again when the address subscribes again). */
export function guideEmail(mail: Omit<FormsMail, 'mailer'>, to: string): MailMessage {
  const guide = `${mail.siteUrl}${GUIDE.path}`;
  return {
    from: mail.from,
    to,
    subject: `Your free guide: ${GUIDE.title}`,
    text: [
      'Hello,',
      '',
      `Thank you for signing up to Heart Notes. Here is the guide you asked for, ${GUIDE.title}:`,
      'ten warm, honest text messages for the moments that matter, with a note on when each one fits.',
      '',
      guide,
      '',
      'Now and then we will write to you with new advice. If you would rather not hear from us,',
      'reply to this email and we will remove your address and everything we stored with it.',
      '',
      `You are receiving this because this address was entered in the sign-up form on ${mail.siteUrl}.`,
      'If that was not you, reply and we will remove it, or simply ignore this email.',
      '',
      'The Heart Notes editors',
      '',
    ].join('\n'),
  };
}

/** Tells the editors of a new contact message; a reply goes to the person who wrote it. */
export function contactNotice(
  mail: Omit<FormsMail, 'mailer'>,
  to: string,
  row: { name: string; email: string; message: string; source: string | null },
  received: Date,
): MailMessage {
  return {
    from: mail.from,
    to,
    replyTo: row.email,
    subject: `Contact message from ${row.name}`,
    text: [
      `${row.name} <${row.email}> wrote through the contact form${row.source ? ` on ${row.source}` : ''} at ${received.toISOString()}:`,
      '',
      row.message,
      '',
      '-- ',
      `Reply to this email to answer ${row.name}. The message is stored; \`heartnotes messages list\` shows every one.`,
      '',
    ].join('\n'),
  };
}
