import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';

/** The mandated brands and FSNs calls (docs/product.md §7 "Mandated brands and uploads", api/mandated). */

type S = components['schemas'];
export type MandatedBrand = S['StoreMandatedBrand'];
export type SaveMandated = S['MandatedSaveRequest'];

type GetMandatedBrands = Route<'/repricing/getMandatedBrands', 'get'>;
type SaveMandatedBrands = Route<'/repricing/saveMandatedBrands', 'post'>;
type DeleteMandatedBrands = Route<'/repricing/deleteMandatedBrands', 'post'>;

export const getMandatedBrands = (): Promise<{ brands: MandatedBrand[]; fsns: number }> =>
  api.get<GetMandatedBrands>('/repricing/getMandatedBrands').then((r) => ({ brands: r.brands ?? [], fsns: r.fsns }));

/** saveMandatedBrands: a refused form (400, 403) is the dialog's to show; other failures get the error dialog (docs/product.md §8). */
export const saveMandatedBrands = (body: SaveMandated) => api.post<SaveMandatedBrands>('/repricing/saveMandatedBrands', body, { quiet: [400, 403] });

export const deleteMandatedBrands = (items: number[]) => api.post<DeleteMandatedBrands>('/repricing/deleteMandatedBrands', { items });

/** The mandated FSN upload and its example file (the upload dialog posts the form itself). */
export const MANDATED_FSN_UPLOAD = '/upload/uploadMandatedFSNs';
export const MANDATED_FSN_EXAMPLE = '/api/upload/mandatedFSNsExample';
