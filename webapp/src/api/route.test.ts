import { expectTypeOf, test } from 'vitest';
import type { Answer, Body, ErrorBody, Handwritten, Method, Route, UntypedMethod } from './route';
import type { components } from './schema';

// Type-level tests: `tsc` (npm run build) checks them against the generated schema.d.ts.

test('a route is named by its path and method in the document', () => {
  expectTypeOf<Method<'/scenarios'>>().toEqualTypeOf<'get' | 'post'>();
  expectTypeOf<Method<'/scenarios/{id}'>>().toEqualTypeOf<'get' | 'patch' | 'delete'>();
  expectTypeOf<Answer<'/health', 'get'>>().toEqualTypeOf<components['schemas']['ApiHealth']>();
  expectTypeOf<Route<'/upload/upload', 'post'>['answer']>().toEqualTypeOf<components['schemas']['IngestSummary']>();
  expectTypeOf<ErrorBody['error']>().toEqualTypeOf<components['schemas']['HttperrError'] | undefined>();
  // @ts-expect-error the document has no PUT /scenarios
  expectTypeOf<Answer<'/scenarios', 'put'>>();
});

test('Handwritten applies only while the document leaves the answer open', () => {
  expectTypeOf<UntypedMethod<'/health'>>().toEqualTypeOf<never>();
  // GET /login/sso answers a redirect (a raw handler), so the document keeps its answer open.
  expectTypeOf<UntypedMethod<'/login/sso'>>().toEqualTypeOf<'get'>();
  type Sso = Handwritten<'/login/sso', 'get', { body: { email: string }; answer: { ok: boolean } }>;
  expectTypeOf<Sso['body']>().toEqualTypeOf<{ email: string }>();
  expectTypeOf<Sso['answer']>().toEqualTypeOf<{ ok: boolean }>();
  expectTypeOf<Handwritten<'/login/sso', 'get', { answer: { ok: boolean } }>['body']>().toEqualTypeOf<never>();
  // @ts-expect-error GET /health has a schema in the document: Route<'/health', 'get'>, not Handwritten
  expectTypeOf<Handwritten<'/health', 'get', { answer: { ok: boolean } }>>();
  expectTypeOf<Body<'/health', 'get'>>().toEqualTypeOf<never>();
});
