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
  /** More header fields, e.g. `List-Unsubscribe` (optional). */
  headers?: Record<string, string>;
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
export const GUIDE = { title: '10 Texts That Melt Their Heart', path: '/thank-you#the-guide' } as const;

/** Where the forms function answers unsubscribe links (handler.ts). */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** The unsubscribe link of the subscriber whose token this is. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The header fields of every mail to a subscriber (RFC 2369 and RFC 8058): mail programs show an
 * "Unsubscribe" button, which POSTs `List-Unsubscribe=One-Click` to the link without a visit.
 */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

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

/**
 * The guide, sent once to a new subscriber (not again while the address stays subscribed), with
 * the subscriber's own unsubscribe link in the text and in the header fields.
 */
export function guideEmail(mail: Omit<FormsMail, 'mailer'>, to: string, token: string): MailMessage {
  const guide = `${mail.siteUrl}${GUIDE.path}`;
  const unsubscribe = unsubscribeUrl(mail.siteUrl, token);
  return {
    from: mail.from,
    to,
    subject: `Your free guide: ${GUIDE.title}`,
    headers: listUnsubscribeHeaders(unsubscribe),
    text: [
      'Hello,',
      '',
      `Thank you for signing up to Heart Notes. Here is the guide you asked for, ${GUIDE.title}:`,
      'ten warm, honest text messages for the moments that matter, with a note on when each one fits.',
      '',
      guide,
      '',
      'Now and then we will write to you with new advice. If you would rather not hear from us,',
      'open this link and press Unsubscribe (every email we send has it):',
      '',
      unsubscribe,
      '',
      'To have your address and everything we stored with it removed, reply to this email.',
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
