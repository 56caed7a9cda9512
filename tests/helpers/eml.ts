/**
 * A sent message as a mail program reads it: header fields unfolded (RFC 5322 section 2.2.3) by
 * lower-case name, and the plain-text body with quoted-printable undone (nodemailer writes long
 * lines that way). Enough for the forms' single-part plain-text mail.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
}

export function parseEml(raw: string): ParsedMail {
  const end = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let text = raw.slice(end).replace(/^\r?\n\r?\n/, '');
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}
