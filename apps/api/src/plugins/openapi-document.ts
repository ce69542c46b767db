/*
 * What every operation of the OpenAPI document says without each route repeating it: who may call
 * it (derived from the route's sign-in preHandler), the error envelope of its failures, and a stable
 * operationId. Only the document changes; validation and serialization stay the route's own.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswer } from '@worq/domain/wire/common';

type SecurityRequirement = Record<string, string[]>;

const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorBodyRef } } });

/**
 * `get /customer/get_user_info` → `getCustomerGetUserInfo`; a path parameter reads `by…`
 * (`/admin/applications/{id}` → `getAdminApplicationsById`). Method and path are unique, so is this.
 */
export function operationIdFor(method: string, path: string): string {
  const words = [method, ...path.split('/').flatMap((segment) => segment.replace(/^\{(.+)\}$/, 'by_$1').split(/[^A-Za-z0-9]+/))];
  return words
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** The swagger `transform` and `transformObject` of the API; they read the sign-in checks when the document is built. */
export function openapiTransforms(app: FastifyInstance): { transform: SwaggerTransform; transformObject: SwaggerTransformObject } {
  const transform: SwaggerTransform = (input) => {
    const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = result.schema as Record<string, unknown> & { hide?: boolean; security?: SecurityRequirement[] };
    if (!schema || schema.hide) return result;
    const route = input.route;
    // A route that checks a token says so; one that does not is public and says `security: []`.
    const security = schema.security ?? (checksToken(app, route) ? [{ bearer: [] }] : []);
    const tokenRequired = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
    const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    response['4XX'] ??= errorResponse('The request was refused; `errors.code` says why');
    if (tokenRequired) response['401'] ??= errorResponse('No valid access token (`unauthorized`)');
    if (rateLimited)
      response['429'] ??= errorResponse('Too many requests (`too_many_requests`, with `retry_after_seconds` or `resend_in_seconds`)');
    return { url: result.url, schema: { ...schema, security, response } };
  };

  const transformObject: SwaggerTransformObject = (input) => {
    if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not supported');
    const document = input.openapiObject;
    // The parts read and written here, whichever OpenAPI 3 version the document is.
    const parts = document as { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } };
    for (const [path, item] of Object.entries(parts.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        if (typeof operation === 'object' && operation && 'responses' in operation) {
          (operation as { operationId?: string }).operationId ??= operationIdFor(method, path);
        }
      }
    }
    parts.components = {
      ...parts.components,
      schemas: { ...parts.components?.schemas, ErrorBody: z.toJSONSchema(errorAnswer, { target: 'openapi-3.0', io: 'output' }) },
    };
    return document;
  };

  return { transform, transformObject };
}

/** Whether one of the route's hooks is a sign-in check (401 without a valid token). */
function checksToken(app: FastifyInstance, route: RouteOptions): boolean {
  const signInChecks = new Set<unknown>([app.requireAuth, app.requireVerified, app.requireExpert]);
  return [route.onRequest, route.preValidation, route.preHandler].flat().some((hook) => signInChecks.has(hook));
}
