import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** Production email through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(opts: { url: string; from: string }) {
    this.transport = nodemailer.createTransport(opts.url);
    this.from = opts.from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments?.length
        ? {
            attachments: message.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          }
        : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
