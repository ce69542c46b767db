/*
 * Type-checked by scripts/openapi-check.ts, never run: a client generated from the served OpenAPI
 * document (openapi-typescript; `@worq/openapi-paths` is mapped to the generated file by the check's
 * tsconfig) must describe every operation of the web's route map (packages/domain wire/routes.ts)
 * exactly as the map does: the same path parameters, query, body and success answer. A route the
 * server does not serve, or one whose types drifted, fails the check and is named in the error.
 */
import type { components, paths } from '@worq/openapi-paths';
import type { ApiRoutes, Route } from '@worq/domain/wire/routes';
import type { ErrorBody } from '@worq/domain/wire/common';

/** The body of a request or response: its JSON, or its one other media type (the portfolio's CSV). */
type Json<Part> = Part extends { content: infer Content } ? Content[keyof Content] : never;

/** True when each type accepts every value of the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type MethodOf<R extends Route> = R extends `${infer Method} ${string}` ? Lowercase<Method> : never;
type PathOf<R extends Route> = R extends `${string} ${infer Path}` ? Path : never;

/** The generated operation of a route, `never` when the document has no such path and method. */
type Operation<R extends Route> =
  PathOf<R> extends keyof paths ? (MethodOf<R> extends keyof paths[PathOf<R>] ? NonNullable<paths[PathOf<R>][MethodOf<R>]> : never) : never;

type Responses<R extends Route> = Operation<R> extends { responses: infer All } ? All : never;
type SuccessStatus = 200 | 201 | 202 | 204;
/** The success answer's JSON; `undefined` for a 204 (the web reads an empty body as undefined). */
type Answer<R extends Route> = {
  [Status in SuccessStatus & keyof Responses<R>]: Status extends 204 ? undefined : Json<Responses<R>[Status]>;
}[SuccessStatus & keyof Responses<R>];

/** A part of a route as the map has it (`never` when absent), or as the document does. */
type Part<Entry, Key extends string> = Key extends keyof Entry ? Entry[Key] : never;
type DocumentPart<R extends Route, Key extends 'path' | 'query'> =
  Operation<R> extends { parameters: infer Parameters } ? (Key extends keyof Parameters ? Parameters[Key] : never) : never;
type DocumentBody<R extends Route> = Operation<R> extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;

/** The parameters an operation has none of are typed `undefined` or `never` by the generator. */
type Nothing<Part> = [Part] extends [never] ? never : [Part] extends [undefined] ? never : Part;

type Agrees<R extends Route> = [Operation<R>] extends [never]
  ? 'not served'
  : Same<Answer<R>, Part<ApiRoutes[R], 'answer'>> extends false
    ? 'answer'
    : Same<Nothing<NonNullable<DocumentPart<R, 'path'>>>, Part<ApiRoutes[R], 'path'>> extends false
      ? 'path'
      : Same<Nothing<NonNullable<DocumentPart<R, 'query'>>>, NonNullable<Part<ApiRoutes[R], 'query'>>> extends false
        ? 'query'
        : Same<Nothing<DocumentBody<R>>, Part<ApiRoutes[R], 'body'>> extends false
          ? 'body'
          : true;

/** Each route that disagrees, with the part that does: "GET /x: answer". */
type Disagreements = { [R in Route]: Agrees<R> extends true ? never : `${R}: ${Agrees<R> & string}` }[Route];

/** Empty when every route agrees; otherwise tsc names each disagreement as a missing property. */
export const disagreements: { [Disagreement in Disagreements]: Disagreement } = {};

/** Failures: the error envelope of lib/api-error.ts. */
type Holds<Check extends true> = Check;
export type TheErrorEnvelopeAgrees = Holds<Same<components['schemas']['ErrorBody'], ErrorBody>>;
