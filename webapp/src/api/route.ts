import type { components, paths } from './schema';

/**
 * Names for a route's request body and 200 answer, read from the types that openapi-typescript
 * generates from the Go route table's OpenAPI document (schema.d.ts, `make api-types`). The api/
 * modules type their calls with these instead of writing shapes by hand, so a route or shape the
 * server changes breaks the build here rather than the screen.
 *
 * A route whose answer the document leaves open (a raw handler such as the SSO redirect) would be
 * typed with Handwritten<path, method, {body, answer}> (the shape of docs/api-contract.md); once the
 * document has its schema, Handwritten no longer compiles for it and the line becomes
 * Route<path, method>. Every call of the api/ modules is a Route today.
 */

/** Path is a path of the document, relative to /api, with its parameters in braces ('/scenarios/{id}'). */
export type Path = keyof paths;

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Method is a method the document declares for the path. */
export type Method<P extends Path> = { [M in HttpMethod]: [NonNullable<paths[P][M]>] extends [never] ? never : M }[HttpMethod];

type Operation<P extends Path, M extends Method<P>> = NonNullable<paths[P][M]>;

type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** Body is the route's JSON request body (never when it takes none). */
export type Body<P extends Path, M extends Method<P>> = Json<NonNullable<Operation<P, M>['requestBody']>>;

/** Answer is the route's JSON answer with status 200. */
export type Answer<P extends Path, M extends Method<P>> = Json<Operation<P, M>['responses'][200]>;

/** Route is a route's request body and answer, both from the document. */
export type Route<P extends Path, M extends Method<P>> = { body: Body<P, M>; answer: Answer<P, M> };

/** ErrorBody is the body of every 4xx/5xx answer (docs/api-contract.md#conventions). */
export type ErrorBody = components['schemas']['RouteErrorBody'];

/** An answer the document leaves open: a schema of `"type": "object"` with no properties. */
type Open<T> = [T] extends [Record<string, never>] ? ([Record<string, never>] extends [T] ? true : false) : false;

/** UntypedMethod is a method of the path whose answer the document does not describe yet. */
export type UntypedMethod<P extends Path> = { [M in Method<P>]: Open<Answer<P, M>> extends true ? M : never }[Method<P>];

/**
 * Handwritten is the hand-written shape of a route whose handler has no typed answer in the document
 * yet. It does not compile for a route the document describes ('"post"' does not satisfy the
 * constraint 'never'): write Route<P, M> there instead.
 */
export type Handwritten<P extends Path, M extends UntypedMethod<P>, T extends { body?: unknown; answer: unknown }> = [M] extends [UntypedMethod<P>]
  ? { body: T extends { body: infer B } ? B : never; answer: T['answer'] }
  : never;
