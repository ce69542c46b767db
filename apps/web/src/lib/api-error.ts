/*
 * Turning a failed call into words (specification §8): the text comes from the envelope's
 * errors.message, else the error's own message, else the raw error; binary bodies (a failed file
 * download) are decoded first.
 */
import type { ErrorBody } from '@worq/domain/wire/common';
import type { HttpFailure } from './http-client.ts';

/** The wire envelope as read from an answer we cannot trust to be complete (a proxy's page, a cut body). */
export interface ErrorEnvelope {
  errors: Partial<ErrorBody['errors']>;
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    value !== null &&
    typeof value === 'object' &&
    'errors' in value &&
    (value as { errors: unknown }).errors !== null &&
    typeof (value as { errors: unknown }).errors === 'object'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An error from the HTTP client. Checked by its marker, not with instanceof, so that reading an
 * error does not load the transport (it arrives with the first call, lib/http-client.ts).
 */
export function isHttpError(error: unknown): error is HttpFailure {
  return error !== null && typeof error === 'object' && (error as { isHttpError?: unknown }).isHttpError === true;
}

function responseData(error: unknown): unknown {
  return isHttpError(error) ? error.response?.data : undefined;
}

/** The response body as an object, decoding Blob, ArrayBuffer and JSON-text bodies. */
export async function decodeErrorBody(error: unknown): Promise<unknown> {
  const data = responseData(error);
  if (typeof Blob !== 'undefined' && data instanceof Blob) return parseJson(await data.text());
  // Tag checks rather than instanceof: buffers can come from another realm (a worker, a test DOM).
  if (Object.prototype.toString.call(data) === '[object ArrayBuffer]') {
    return parseJson(new TextDecoder().decode(new Uint8Array(data as ArrayBuffer)));
  }
  if (ArrayBuffer.isView(data)) {
    return parseJson(new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  }
  if (typeof data === 'string') return parseJson(data) ?? data;
  return data;
}

function envelopeOf(body: unknown): ErrorEnvelope['errors'] | undefined {
  return isEnvelope(body) ? body.errors : undefined;
}

function messageFrom(body: unknown, error: unknown): string {
  const fromEnvelope = envelopeOf(body)?.message;
  if (typeof fromEnvelope === 'string' && fromEnvelope !== '') return fromEnvelope;
  if (error instanceof Error && error.message) return error.message;
  if (error !== null && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return String(error);
}

/** The message to show, for bodies already parsed (JSON responses). */
export function errorMessage(error: unknown): string {
  return messageFrom(responseData(error), error);
}

/** The message to show, decoding binary bodies first. */
export async function errorMessageAsync(error: unknown): Promise<string> {
  return messageFrom(await decodeErrorBody(error), error);
}

export function errorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

export function errorCode(error: unknown): string | undefined {
  const code = envelopeOf(responseData(error))?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Per-field messages of a validation error (`errors.fields`), keyed by wire field name. */
export function errorFields(error: unknown): Record<string, string> {
  const fields = envelopeOf(responseData(error))?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A numeric extra member of the envelope, such as resend_in_seconds. */
export function errorNumber(error: unknown, name: string): number | undefined {
  const value = envelopeOf(responseData(error))?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

// Toasts are raised through the toast store's window events ('toast:add', addressed to the
// 'global' container) so that lib stays free of component imports (the lint's import zones).
const apiToastTimeoutMs = 5000;
let toastSequence = 0;

function raiseToast(type: 'Error' | 'Success', message: string, titleKey?: 'update_successful') {
  toastSequence += 1;
  window.dispatchEvent(
    new CustomEvent('toast:add', {
      detail: {
        container: 'global',
        toast: {
          id: `api-${type.toLowerCase()}-${Date.now().toString(36)}-${toastSequence}`,
          type,
          message,
          ...(titleKey ? { titleKey } : {}),
          timeout: apiToastTimeoutMs,
          dismissible: true,
          showProgress: true,
          animation: 'slide-from-right',
        },
      },
    }),
  );
}

/** Shows the error as a 5-second dismissible toast with progress. */
export async function notifyError(error: unknown): Promise<void> {
  raiseToast('Error', await errorMessageAsync(error));
}

/**
 * For forms that keep their own per-field messages: the server's field errors go on the fields
 * (`showFields`); an error that names no field is shown as a toast.
 */
export function showFieldErrorsOrNotify(error: unknown, showFields: (fields: Record<string, string>) => void): void {
  const fields = errorFields(error);
  if (Object.keys(fields).length > 0) showFields(fields);
  else void notifyError(error);
}

/** Shows a 5-second success toast when the call supplies a message. */
export function notifySuccess(message: string | null | undefined): void {
  if (message) raiseToast('Success', message);
}

/** The success toast of a change to something saved before (profile, a store): titled "Update successful" (§8). */
export function notifyUpdated(message: string | null | undefined): void {
  if (message) raiseToast('Success', message, 'update_successful');
}
