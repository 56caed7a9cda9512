// The forms' mail transports for real: the dev/preview outbox (.eml files) and SMTP, against a
// small SMTP server written here with node:net; and how node.ts picks them from the environment.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guideEmail, mailSettings } from '../../site/functions/mail.ts';
import { newToken } from '../../site/functions/store.ts';
import { parseEml } from '../helpers/eml.ts';
import { smtpMailer } from '../../site/functions/mailers.ts';
import { fileMailer } from '../../site/functions/file-mailer.ts';
import { StoreOpenError, mailFromEnv, outboxDir } from '../../site/functions/node.ts';

const dir = mkdtempSync(join(tmpdir(), 'heartnotes-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const token = newToken();
const settings = mailSettings({ env: {}, site: { title: 'Heart Notes', url: 'https://heartnotes.example/', contactEmail: 'hello@heartnotes.example' } });

/** An SMTP server that accepts everything and keeps what each client sent. */
function smtpServer(): Promise<{ port: number; sessions: string[][]; server: Server }> {
  const sessions: string[][] = [];
  const server = createServer((socket) => {
    const said: string[] = [];
    sessions.push(said);
    let data = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        said.push(line);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          }
        } else if (/^EHLO/i.test(line)) socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, sessions, server })));
}

describe('the forms mail transports', () => {
  it('writes each message to the outbox as a whole .eml file a mail program can open', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = fileMailer(outbox);
    await mailer.send(guideEmail(settings, 'Zoë <zoe@example.com>', token));
    await mailer.send({ from: settings.from, to: 'editors@example.com', replyTo: 'ann@example.com', subject: 'Contact message from Zoë 李', text: 'Hi 👋' });
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
    const emls = files.map((f) => readFileSync(join(outbox, f), 'utf8'));
    const guide = emls.find((e) => e.includes('zoe@example.com'))!;
    expect(guide).toMatch(/^From: Heart Notes <hello@heartnotes\.example>\r$/m);
    expect(guide).toMatch(/^Subject: Your free guide: 10 Texts That Melt Their Heart\r$/m);
    expect(guide).toContain('https://heartnotes.example/thank-you#the-guide');
    // RFC 8058 one-click unsubscribe: the link in the header fields and in the text, as sent.
    const read = parseEml(guide);
    expect(read.headers.get('list-unsubscribe')).toBe(`<https://heartnotes.example/api/unsubscribe?token=${token}>`);
    expect(read.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(read.text).toContain(`\nhttps://heartnotes.example/api/unsubscribe?token=${token}\n`);
    const note = emls.find((e) => e.includes('editors@example.com'))!;
    expect(note).toMatch(/^Reply-To: ann@example\.com\r$/m);
    expect(note).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('sends through the SMTP server at SMTP_URL', async () => {
    const smtp = await smtpServer();
    try {
      const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`);
      expect(mailer.description).toBe(`SMTP at 127.0.0.1:${smtp.port}`);
      await mailer.send(guideEmail(settings, 'ann@example.com', token));
      const said = smtp.sessions.flat();
      expect(said).toContain('MAIL FROM:<hello@heartnotes.example>');
      expect(said).toContain('RCPT TO:<ann@example.com>');
      expect(said).toContain('Subject: Your free guide: 10 Texts That Melt Their Heart');
      const data = parseEml(said.slice(said.indexOf('DATA') + 1, said.lastIndexOf('.')).join('\r\n'));
      expect(data.headers.get('list-unsubscribe')).toBe(`<https://heartnotes.example/api/unsubscribe?token=${token}>`);
      expect(data.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(said).toContain('https://heartnotes.example/thank-you#the-guide');
    } finally {
      smtp.server.close();
    }
  });

  it('rejects the send, for the handler to log, when the SMTP server cannot be reached', async () => {
    await expect(smtpMailer('smtp://127.0.0.1:1').send(guideEmail(settings, 'ann@example.com', token))).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('mail in dev and preview (node.ts)', () => {
  it('uses the outbox under the data folder unless SMTP_URL is set; the addresses come from the environment, else content/site.json', () => {
    const root = join(dir, 'project');
    const plain = mailFromEnv(root, {});
    expect(outboxDir(root, {})).toBe(join(root, '.data', 'outbox'));
    expect(outboxDir(root, { HEARTNOTES_DATA_DIR: join(dir, 'data') })).toBe(join(dir, 'data', 'outbox'));
    expect((plain.mailer as { description: string }).description).toMatch(/^the outbox .*\.data\/outbox$/);
    expect(plain.notify).toBeNull();
    const here = mailFromEnv(process.cwd(), { SMTP_URL: 'smtps://u:secret@smtp.example.com:465', HEARTNOTES_NOTIFY_EMAIL: 'team@example.com' });
    expect((here.mailer as { description: string }).description).toBe('SMTP at smtp.example.com:465');
    expect(here).toMatchObject({ notify: 'team@example.com', from: '"Heart Notes" <hello@heartnotes.example>', siteUrl: 'https://heartnotes.example' });
    expect(mailFromEnv(process.cwd(), {}).notify).toBe('hello@heartnotes.example');
  });

  it('refuses an SMTP_URL that is not an SMTP address, saying how to write it', () => {
    expect(() => mailFromEnv(dir, { SMTP_URL: 'https://mail.example.com' })).toThrow(StoreOpenError);
    expect(() => mailFromEnv(dir, { SMTP_URL: 'https://mail.example.com' })).toThrow('SMTP_URL must start with smtp:// or smtps://, not https://.');
  });
});
