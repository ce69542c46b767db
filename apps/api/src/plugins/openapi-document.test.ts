import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import authPlugin from './auth.ts';
import { openapiTransforms, operationIdFor } from './openapi-document.ts';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

let app: FastifyInstance;
let paths: Record<string, Record<string, Operation>>;
let schemas: Record<string, { required?: string[] }>;

beforeAll(async () => {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'test', version: '1' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    ...openapiTransforms(app),
  });
  await app.register(authPlugin, { secret: 'a-test-secret-of-at-least-32-characters' });
  const answer = { response: { 200: z.object({ ok: z.boolean() }) } };
  const ok = async () => ({ ok: true });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/auth/login', { config: { rateLimit: {} }, schema: answer }, ok);
  typed.get('/customer/get_user_info', { preHandler: app.requireAuth, schema: answer }, ok);
  typed.get('/gpp/get', { preHandler: [app.requireVerified], schema: answer }, ok);
  typed.post('/auth/logout', { schema: { ...answer, operationId: 'endSession', security: [{}, { bearer: [] }] } }, ok);
  typed.get('/admin/applications/:id', { preHandler: app.requireExpert, schema: { ...answer, params: z.object({ id: z.uuid() }) } }, ok);
  typed.get('/hidden', { schema: { hide: true } }, ok);
  await app.ready();
  const document = app.swagger() as unknown as { paths: typeof paths; components: { schemas: typeof schemas } };
  paths = document.paths;
  schemas = document.components.schemas;
});

afterAll(() => app.close());

const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };

describe('the OpenAPI document of every route', () => {
  it('names a public route public and does not promise it a 401', () => {
    const login = paths['/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '429', '4XX']);
  });

  it('asks for the bearer token where a sign-in check guards the route, with its 401', () => {
    for (const operation of [paths['/customer/get_user_info']!.get!, paths['/gpp/get']!.get!, paths['/admin/applications/{id}']!.get!]) {
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation.responses['401']!.content!['application/json']!.schema).toEqual(errorBodyRef);
    }
  });

  it('gives every failure the error envelope, once in the components', () => {
    expect(paths['/customer/get_user_info']!.get!.responses['4XX']!.content!['application/json']!.schema).toEqual(errorBodyRef);
    expect(paths['/auth/login']!.post!.responses['429']!.content!['application/json']!.schema).toEqual(errorBodyRef);
    expect(schemas.ErrorBody!.required).toEqual(['errors']);
  });

  it("keeps a route's own security and operationId; an optional token is no promise of a 401", () => {
    const logout = paths['/auth/logout']!.post!;
    expect(logout).toMatchObject({ operationId: 'endSession', security: [{}, { bearer: [] }] });
    expect(logout.responses['401']).toBeUndefined();
  });

  it('names the other operations after their method and path', () => {
    expect(paths['/customer/get_user_info']!.get!.operationId).toBe('getCustomerGetUserInfo');
    expect(paths['/admin/applications/{id}']!.get!.operationId).toBe('getAdminApplicationsById');
    expect(operationIdFor('post', '/admin/customers/{customer_id}/end_sessions')).toBe('postAdminCustomersByCustomerIdEndSessions');
    expect(paths['/hidden']).toBeUndefined();
  });
});
