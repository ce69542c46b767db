import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '@worq/domain/field-labels';
import { pickLanguage, type Language } from '@worq/domain/language';
import type { ErrorBody } from '@worq/domain/wire/common';
import { formatMessage, isMessageKey, type MessageKey, type MessageParams } from '@worq/domain/messages';

/**
 * An error a handler throws on purpose. `code` is the wire code; `messageKey` picks the text
 * (defaults to the code when the catalogue has it).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly options: {
      messageKey?: MessageKey;
      params?: MessageParams;
      fields?: Record<string, { key: MessageKey; params?: MessageParams }>;
      /** Extra top-level members of `errors`, such as resend_in_seconds. */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export type { ErrorBody };

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

export function errorBody(
  language: Language,
  code: string,
  messageKey: MessageKey,
  params?: MessageParams,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
): ErrorBody {
  return {
    errors: {
      ...extra,
      message: formatMessage(language, messageKey, params),
      code,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
    },
  };
}

/** Turns one zod issue into the specification's wording for that field. */
function fieldMessage(
  language: Language,
  field: string,
  issue: { keyword: string; message: string; params: Record<string, unknown> },
  given: unknown,
): string {
  const label = fieldLabel(language, field);
  if (isMessageKey(issue.message)) {
    return formatMessage(language, issue.message, { field: label, ...(issue.params as MessageParams) });
  }
  // Whatever the rule, a value that was not given at all is "cannot be empty".
  if (given === undefined || given === null || (typeof given === 'string' && given.trim() === '')) {
    if (issue.keyword === 'too_small' && issue.params.origin === 'array') return formatMessage(language, 'select_at_least_one');
    return formatMessage(language, 'required', { field: label });
  }
  const { params } = issue;
  switch (issue.keyword) {
    case 'invalid_type':
      return formatMessage(language, 'invalid_format', { field: label });
    case 'too_small':
      if (params.origin === 'string') {
        return Number(params.minimum) <= 1
          ? formatMessage(language, 'required', { field: label })
          : formatMessage(language, 'min_length', { field: label, min: Number(params.minimum) });
      }
      if (params.origin === 'array') return formatMessage(language, 'select_at_least_one');
      return formatMessage(language, 'invalid_value', { field: label });
    case 'too_big':
      if (params.origin === 'string') return formatMessage(language, 'max_length', { field: label, max: Number(params.maximum) });
      return formatMessage(language, 'invalid_value', { field: label });
    case 'invalid_format':
      return params.format === 'email'
        ? formatMessage(language, 'invalid_email')
        : formatMessage(language, 'invalid_format', { field: label });
    case 'invalid_value':
    case 'invalid_union':
      return formatMessage(language, 'invalid_value', { field: label });
    default:
      return formatMessage(language, 'invalid_format', { field: label });
  }
}

function valueAt(root: unknown, path: string[]): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.prototype.hasOwnProperty.call(current, segment) ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return current;
}

const databaseUnavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08000', '08003', '08006']);

function rootCause(error: unknown): { code?: unknown; message?: unknown } {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown };
  for (let depth = 0; depth < 4 && current.cause && typeof current.cause === 'object'; depth++) {
    current = current.cause as typeof current;
  }
  return { code: current.code, message: current.message };
}

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && databaseUnavailableCodes.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const clientErrorKeys: Partial<Record<number, MessageKey>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function sendClientError(reply: FastifyReply, language: Language, status: number) {
  const key = clientErrorKeys[status] ?? 'bad_request';
  return send(reply, status, errorBody(language, key, key));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that is not valid
 * percent-encoding) never reach setErrorHandler, so they are shaped here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = pickLanguage(request.headers['accept-language']);
  return sendClientError(reply, language, error.statusCode && error.statusCode < 500 ? error.statusCode : 400);
}

async function errorsPlugin(app: FastifyInstance) {
  app.decorateRequest('language', 'tr');
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language ?? pickLanguage(request.headers['accept-language']);

    if (error instanceof AppError) {
      const fields = error.options.fields
        ? Object.fromEntries(
            Object.entries(error.options.fields).map(([name, field]) => [
              name,
              formatMessage(language, field.key, { field: fieldLabel(language, name), ...field.params }),
            ]),
          )
        : undefined;
      const key = error.options.messageKey ?? (isMessageKey(error.code) ? error.code : 'internal_error');
      return send(reply, error.statusCode, errorBody(language, error.code, key, error.options.params, fields, error.options.extra));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      const part =
        error.validationContext === 'querystring'
          ? request.query
          : error.validationContext === 'params'
            ? request.params
            : error.validationContext === 'headers'
              ? request.headers
              : request.body;
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        const name = path.join('.') || 'body';
        // Array positions have no label of their own: "channels.2" is still about the channels.
        const labelKey = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? name;
        fields[name] ??= fieldMessage(language, labelKey, issue as never, valueAt(part, path));
      }
      return send(reply, 400, errorBody(language, 'validation_failed', 'validation_failed', undefined, fields));
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, errorBody(language, 'invalid_json', 'invalid_json'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, errorBody(language, 'payload_too_large', 'payload_too_large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 415, errorBody(language, 'unsupported_media_type', 'unsupported_media_type'));
      default:
        break;
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return send(reply, 400, errorBody(language, 'invalid_json', 'invalid_json'));
    }
    if (error.statusCode === 429) {
      return send(reply, 429, errorBody(language, 'too_many_requests', 'too_many_requests'));
    }
    if (isDatabaseUnavailable(error)) {
      // The driver's error repeats the failed query and its parameters (e-mails, phone numbers);
      // the root cause is all an operator needs.
      request.log.error({ cause: rootCause(error) }, 'database unavailable');
      return send(reply, 503, errorBody(language, 'service_unavailable', 'service_unavailable'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendClientError(reply, language, error.statusCode);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, errorBody(language, 'internal_error', 'internal_error'));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
