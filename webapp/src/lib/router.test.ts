import { expect, test } from 'vitest';
import { matchPath } from './router';
import { readCookie } from './cookies';

test('matchPath extracts params and rejects other shapes', () => {
  expect(matchPath('/pricing/type/:id', '/pricing/type/all_my_products')).toEqual({ id: 'all_my_products' });
  expect(matchPath('/pricing/type/:id', '/pricing/type/12/')).toEqual({ id: '12' });
  expect(matchPath('/pricing/type/:id', '/pricing/share/12')).toBeNull();
  expect(matchPath('/new/:a/:b', '/new/repricing/results/x')).toBeNull();
  expect(matchPath('/', '/')).toEqual({});
});

test('readCookie finds the CSRF cookie among others', () => {
  expect(readCookie('pricelens_csrf', 'a=1; pricelens_csrf=tok%3D; b=2')).toBe('tok=');
  expect(readCookie('missing', 'a=1')).toBe('');
});
