import { api } from '../../../lib/api';
import type { Label } from '../../../api/types';
import type { Condition } from '../condition';

/** Product labels (api/CONTRACT.md "Labels and alerts"): refusals are shown by the caller, which also rolls the rows back. */

export type OkAnswer = { ok?: boolean };

export const removeLabelFromProduct = (productId: string, labelName: string) =>
  api.post<OkAnswer>('/labels/removeLabelFromProduct', { productsId: productId, labelName }, { quiet: [400, 403, 404, 409] });

export const insertProductLabels = (body: { productsIds: string[]; labelId: number; selectAllRows: boolean; toggled: string[]; condition: Condition }) =>
  api.post<OkAnswer>('/labels/insertProductLabels', body, { quiet: [400, 403, 409] });

/** insertNewLabelsForProduct answers the new label, or a string to show as a message (spec §8). */
export const insertNewLabelsForProduct = (body: { name: string; color: string; productsIds: string[]; selectAllRows: boolean; condition: Condition }) =>
  api.post<{ label: Label } | string>('/labels/insertNewLabelsForProduct', body, { quiet: [400, 409] });
