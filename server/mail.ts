import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Db } from './db/database';
import type { MailAttachment } from './db/schema';

export interface MailDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files it carries (a bot's report), kept with it in the outbox. */
  attachments?: MailAttachment[];
}

// One pooled transport per SMTP URL, reused by every message of the process.
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends a message through SMTP_URL, keeping a copy in core.outbox (sent_at marks delivery).
 * Without SMTP_URL the message stays in the outbox and goes to the log, so a development
 * machine or a test can still read a sign-in code. Throws when the SMTP server refuses it.
 */
export async function sendMail({ db, config, log }: MailDeps, message: MailMessage): Promise<void> {
  const { id } = await db
    .insertInto('core.outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      body: message.text,
      attachments: message.attachments ? JSON.stringify(message.attachments) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!config.SMTP_URL) {
    log.info(
      { outboxId: id, to: message.to, subject: message.subject, text: message.text },
      'mail kept in the outbox (no SMTP_URL)',
    );
    return;
  }
  try {
    await transportFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: message.attachments?.map((file) => ({ ...file, encoding: 'base64' })),
    });
  } catch (error) {
    log.error({ err: error, outboxId: id, to: message.to }, 'mail could not be sent');
    throw error;
  }
  await db.updateTable('core.outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
}
