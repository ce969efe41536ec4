/**
 * E-mail out: through SMTP (`SMTP_URL`) with nodemailer, or in the demo, without SMTP, as
 * `.eml` files under `$DATA_DIR/mail/` (open them with any mail program, or read them as
 * text). The outbox key is the Message-ID, and in file mode also the file name, so a message
 * sent again after a crash replaces its own file and is recognised by inboxes as the same one.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /** The outbox key: Message-ID `<key@host>` and, in file mode, the file name. */
  key: string;
  /** When the notification was written (names the demo file, so a resend keeps its name). */
  createdAt: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly mode: 'smtp' | 'files';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export class PermanentDeliveryError extends Error {}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where demo mail goes when there is no SMTP server. */
  dir: string;
}

function messageIdHost(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'openpool.local';
}

export function createMailer(options: MailerOptions): Mailer {
  const host = messageIdHost(options.from);
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const envelope = (message: MailMessage) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.key}@${host}>`,
    headers: message.headers,
  });
  return {
    mode: options.smtpUrl ? 'smtp' : 'files',
    async send(message) {
      if (!options.smtpUrl) {
        const info = (await transport.sendMail(envelope(message))) as unknown as { message: Buffer };
        await mkdir(options.dir, { recursive: true });
        const stamp = new Date(message.createdAt)
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z');
        const file = join(options.dir, `${stamp}-${message.key}.eml`);
        // Written aside and renamed: a reader never sees half a message. The .txt beside it is
        // the plain-text part as is (the .eml's is quoted-printable), for reading in a terminal.
        const readable = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
        await writeFile(`${file}.tmp`, info.message);
        await writeFile(`${file.replace(/\.eml$/, '.txt')}`, readable);
        await rename(`${file}.tmp`, file);
        return;
      }
      try {
        await transport.sendMail(envelope(message));
      } catch (error) {
        // 5xx: the server refuses this message or recipient for good; retrying will not help.
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new PermanentDeliveryError((error as Error).message);
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}
