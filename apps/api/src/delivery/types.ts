import type { Language } from '@worq/domain/language';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** An e-mail address, or a phone number (stored as 10 digits, 5XXXXXXXXX). */
  to: string;
  subject?: string;
  /** The plain text: the SMS text or the text part of an e-mail. */
  body: string;
  html?: string;
  /** The template that produced it (phone_code, application_approved …), for logs and tests. */
  template?: string;
  language?: Language;
}

/** What the product's code needs: hand over a message and move on. */
export interface Delivery {
  readonly mode: 'outbox' | 'live';
  /**
   * Stores the message durably in the queue and starts sending it. Resolves once it is stored (in
   * outbox mode: once it is in the outbox). A transport failure never rejects; the queue retries.
   */
  send(message: OutgoingMessage): Promise<void>;
}

export interface DeliveryPass {
  /** Messages handed to a transport during the pass. */
  attempted: number;
  sent: number;
  /** Rescheduled for a later attempt. */
  retrying: number;
  /** Given up on (attempts exhausted or a permanent refusal). */
  failed: number;
}

/** app.delivery: the queue behind Delivery, with the worker's controls. */
export interface DeliveryService extends Delivery {
  /** Waits for immediate attempts in flight, then sends every message that is due. Tests call this. */
  runDue(): Promise<DeliveryPass>;
  /** Starts the periodic worker (no-op when already started). */
  start(): void;
  /** Stops the worker, lets attempts in flight finish for a while and closes the transports. */
  stop(): Promise<void>;
}

/** One stored message as a transport sees it. */
export interface QueuedMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  template: string | null;
  language: Language | null;
}

export interface TransportReceipt {
  /** The provider's id of the message (SMTP message id, SMS job id), for logs. */
  providerId?: string;
}

export interface Transport {
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects with a readable reason otherwise. */
  send(message: QueuedMessage): Promise<TransportReceipt | void>;
  close?(): Promise<void> | void;
}

export interface Transports {
  email: Transport;
  sms: Transport;
}

/**
 * A refusal that retrying cannot change (a rejected recipient, a message the provider will never
 * take): the queue marks the message failed at once instead of trying again.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}
