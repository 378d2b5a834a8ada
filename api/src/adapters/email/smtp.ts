import nodemailer from 'nodemailer';
import type { EmailSender, OutgoingEmail } from './port.js';

/** SMTP through nodemailer, for `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function smtpSender(url: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(url);
  return {
    name: `smtp ${new URL(url).host}`,
    send: async (message: OutgoingEmail) => {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}), ...(message.headers ? { headers: { ...message.headers } } : {}), messageId: `<${message.id}@wager>` });
    },
  };
}
