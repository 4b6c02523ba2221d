/**
 * The outbound-mail module's public surface, the mail the platform sends (DESIGN.md §3 outgoing mail;
 * docs/operations.md "Outgoing mail"):
 * the transactional outbox (enqueue inside a change's transaction, the backlog, operator retry), the
 * worker, the SMTP mailer, the localised texts, and {@link playerDataEraser}, its part of account
 * deletion (issue 20 §4).
 */
export {
  enqueueMail,
  messageIdDomain,
  playerDataEraser,
  type MailKind,
  type MailOutbox,
  type OutboxMail,
} from './outbox.ts';
export {
  deadMailRows,
  outboxBacklog,
  retryDeadMail,
  type DeadMailRow,
  type OutboxBacklog,
  type OutboxStatus,
} from './store.ts';
export { startOutboxWorker, type DeliveryOutcome, type OutboxSettings } from './outbox-worker.ts';
export { smtpMailer, type Mailer } from './mailer.ts';
export {
  composeMail,
  MAIL_TEXTS,
  type MailWords,
  type SecurityAlertParams,
  type SecurityEvent,
  type SecurityEventOrigin,
} from './mail-texts.ts';
export type { ActionMailInput } from './templates.ts';
export { playerDataExporter } from './exporter.ts';
