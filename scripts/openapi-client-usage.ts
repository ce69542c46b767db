/*
 * Type-checked by scripts/openapi-check.ts, never run: a client generated from the served OpenAPI
 * document (openapi-typescript; `@worq/openapi-paths` is mapped to the generated file by the check's
 * tsconfig) must describe a few of the web's calls exactly as the wire types the web uses do.
 */
import type { components, paths } from '@worq/openapi-paths';
import type { LoginBody, SessionTokens } from '@worq/domain/wire/auth';
import type { ErrorBody } from '@worq/domain/wire/common';
import type { UserInfo } from '@worq/domain/wire/customer';
import type { Overview, RangeQuery } from '@worq/domain/wire/insight';

type Json<Part> = Part extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<Path extends keyof paths, Method extends 'get' | 'post'> = NonNullable<paths[Path][Method]>;
type Answer<Path extends keyof paths, Method extends 'get' | 'post', Status extends PropertyKey> = Operation<
  Path,
  Method
>['responses'] extends infer Responses
  ? Status extends keyof Responses
    ? Json<Responses[Status]>
    : never
  : never;
type RequestBody<Path extends keyof paths> = Json<NonNullable<Operation<Path, 'post'>['requestBody']>>;
type Query<Path extends keyof paths> = NonNullable<Operation<Path, 'get'>['parameters']['query']>;

/** True when each type accepts every value of the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;

export type GeneratedClientAgreesWithTheWeb = [
  // GET /customer/get_user_info (features/profile/api/user-info.ts)
  Holds<Same<Answer<'/customer/get_user_info', 'get', 200>, UserInfo>>,
  // GET /insight/overview (features/insight/api/insight.ts)
  Holds<Same<Query<'/insight/overview'>, RangeQuery>>,
  Holds<Same<Answer<'/insight/overview', 'get', 200>, Overview>>,
  // POST /auth/login (features/auth/api/login.ts)
  Holds<Same<RequestBody<'/auth/login'>, LoginBody>>,
  Holds<Same<Answer<'/auth/login', 'post', 200>, SessionTokens>>,
  // Failures: the envelope of lib/api-error.ts, 429 where a route is rate limited, 401 where it needs a token.
  Holds<Same<components['schemas']['ErrorBody'], ErrorBody>>,
  Holds<Same<Answer<'/auth/login', 'post', '4XX'>, ErrorBody>>,
  Holds<Same<Answer<'/auth/login', 'post', 429>, ErrorBody>>,
  Holds<Same<Answer<'/customer/get_user_info', 'get', 401>, ErrorBody>>,
  // A public operation says so: no 401 for signing in.
  Holds<Same<Answer<'/auth/login', 'post', 401>, never>>,
];
