import { describe, expect, it } from 'vitest';
import { counter, emptyMandatedForm, showsVerticals, toRequest, validate, verticalsOf } from './mandatedForm';

const tv = { id: 7, name: 'TV' };
const audio = { id: 8, name: 'Audio' };

describe('the Add mandated brands form', () => {
  it('validates in the spec order, with its messages', () => {
    const f = emptyMandatedForm();
    expect(validate(f)).toBe('Please choose at least one super category');
    expect(validate({ ...f, superCategories: [tv] })).toBe('Please choose at least one brand');
    expect(validate({ ...f, superCategories: [tv], brands: ['Acme'], comment: 'x'.repeat(201) })).toBe('The comment can have at most 200 characters');
    expect(validate({ ...f, superCategories: [tv], brands: ['Acme'], comment: 'x'.repeat(200) })).toBe('');
  });
  it('shows verticals only with exactly one super category', () => {
    const f = emptyMandatedForm();
    expect(showsVerticals(f)).toBe(false);
    expect(showsVerticals({ ...f, superCategories: [tv] })).toBe(true);
    expect(showsVerticals({ ...f, superCategories: [tv, audio] })).toBe(false);
  });
  it('sends all verticals as none, and no verticals with several super categories', () => {
    const f = { ...emptyMandatedForm(), superCategories: [tv], brands: ['Acme'], verticals: ['OLED', 'LCD'], comment: ' c ' };
    expect(toRequest(f, ['LCD', 'OLED']).category).toEqual([]);
    expect(toRequest(f, ['LCD', 'OLED', 'QLED']).category).toEqual([
      { id: 'OLED', name: 'OLED', topCategory: 7 },
      { id: 'LCD', name: 'LCD', topCategory: 7 },
    ]);
    expect(toRequest({ ...f, superCategories: [tv, audio] }, ['LCD']).category).toEqual([]);
    expect(toRequest(f, []).comment).toBe('c');
  });
  it('counts the comment', () => expect(counter('abc')).toBe('3/200'));
  it('lists a super category’s verticals', () => {
    const tree = [{ id: 7, name: 'TV', children: [{ name: 'Screens', children: [{ name: 'OLED' }, { name: 'LCD' }] }, { name: 'Other', children: [{ name: 'LCD' }] }] }];
    expect(verticalsOf(tree, 'TV')).toEqual(['LCD', 'OLED']);
    expect(verticalsOf(tree, 'Audio')).toEqual([]);
  });
});
