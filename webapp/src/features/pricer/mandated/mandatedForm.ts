/** The Add mandated brands dialog's form (docs/product.md §2, §4, §5), kept apart from the dialog so it is unit-tested. */

export type SuperCategory = { id: number; name: string };

export type MandatedForm = {
  superCategories: SuperCategory[];
  /** verticals of the one chosen super category (the menu shows only then). */
  verticals: string[];
  brands: string[];
  comment: string;
};

/** The comment's limit (docs/product.md §9) and the delay before the vertical menu fills (docs/product.md §4, §9: 3 s). */
export const COMMENT_MAX = 200;
export const CATEGORY_LIST_DELAY_MS = 3000;

export const emptyMandatedForm = (): MandatedForm => ({ superCategories: [], verticals: [], brands: [], comment: '' });

/** showsVerticals: the vertical menu appears when exactly one super category is chosen. */
export const showsVerticals = (f: MandatedForm) => f.superCategories.length === 1;

/** validate returns the spec's message for the first problem, in the spec's order; '' when the form can be saved. */
export function validate(f: MandatedForm): string {
  if (f.superCategories.length === 0) return 'Please choose at least one super category';
  if (f.brands.length === 0) return 'Please choose at least one brand';
  if (f.comment.length > COMMENT_MAX) return 'The comment can have at most 200 characters';
  return '';
}

/** counter is the comment's counter text: n/200. */
export const counter = (comment: string) => `${comment.length}/${COMMENT_MAX}`;

/**
 * toRequest is saveMandatedBrands' body: verticals only with exactly one super category, and none when
 * every vertical of it is chosen (all verticals mean all).
 */
export function toRequest(f: MandatedForm, allVerticals: string[]) {
  const one = showsVerticals(f) ? f.superCategories[0] : null;
  const everything = allVerticals.length > 0 && allVerticals.every((v) => f.verticals.includes(v));
  const category = one && !everything ? f.verticals.map((v) => ({ id: v, name: v, topCategory: one.id })) : [];
  return { topCategory: f.superCategories.map((s) => ({ id: s.id, name: s.name })), category, brand: f.brands, comment: f.comment.trim() };
}

type Node = { id?: number; name: string; children?: Node[] | null };

/** verticalsOf lists the verticals (third level of the category tree) of a super category, sorted. */
export function verticalsOf(tree: Node[], superCategory: string): string[] {
  const sup = tree.find((n) => n.name === superCategory);
  const out = new Set<string>();
  for (const c of sup?.children ?? []) for (const v of c.children ?? []) out.add(v.name);
  return [...out].sort((a, b) => a.localeCompare(b));
}
