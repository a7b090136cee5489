import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

export interface Adjunto {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (the buyer's invoice ZIP, issue #57 point 4). */
  attachments?: Adjunto[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to `$DATA_DIR/outbox/` (one .eml file
 * per message) and to the log, so a shop without a mail server can still recover a password. The
 * outbox holds live recovery codes: folder 0700, files 0600.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded with the first message, not at every start (issue #55 point 5).
  let transporte: Promise<Transporter> | undefined;
  const abrir = () =>
    (transporte ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (options.smtpUrl) {
    return {
      async send(mail) {
        await (await abrir()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const info = await (await abrir()).sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.chmod(options.outboxDir, PRIVATE_DIR_MODE);
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'correo guardado en la bandeja de salida');
    },
  };
}
