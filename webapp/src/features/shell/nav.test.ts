import { expect, test } from 'vitest';
import { CI_MENU, PRICER_MENU, openable } from './nav';
import { Resource } from '../../api/permissions.gen';

const read = (...resources: number[]) => Object.fromEntries(resources.map((r) => [String(r), { 'read:any': ['x'] }]));

test('issue 29: a menu lists only the pages the route guard lets the user open', () => {
  expect(openable(read(Resource.Reports), PRICER_MENU)).toEqual([]);
  expect(openable(undefined, CI_MENU)).toEqual([]);
  expect(openable(read(Resource.DynamicPricer), PRICER_MENU).map((e) => e.label)).toContain('Manual Approval');
  expect(openable(read(Resource.DynamicPricer), PRICER_MENU)).toHaveLength(PRICER_MENU.length);
  expect(openable(read(Resource.ReviewMatches), CI_MENU).map((e) => e.to)).toEqual(['/new/competitive_intelligence/match_feedback']);
});
