import { api, uploadForm } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';

/** The Upload Files screen's calls (issue 16 part 4; docs/pricer.md#upload-files). */

type S = components['schemas'];
export type UploadKind = S['UploadKindOut'];
export type UploadFile = S['StoreUploadFile'];
export type Refusal = S['StoreRefusal'];
export type Override = S['StoreOverride'];
export type KindFiles = { uploads: UploadFile[]; columns: string[]; active: Override[]; activeTotal: number };

type GetUploadKinds = Route<'/upload/getUploadKinds', 'get'>;
type GetUploadFiles = Route<'/upload/getUploadFiles', 'get'>;
type GetUploadFile = Route<'/upload/getUploadFile', 'get'>;

/** getUploadKinds lists the kinds the caller may upload (one permission each). */
export const getUploadKinds = (): Promise<UploadKind[]> => api.get<GetUploadKinds>('/upload/getUploadKinds').then((r) => r.kinds ?? []);

/** getUploadFiles is a kind's latest uploads and what the kind keeps in force. */
export const getUploadFiles = (kind: string): Promise<KindFiles> =>
  api
    .get<GetUploadFiles>(`/upload/getUploadFiles?kind=${encodeURIComponent(kind)}`, { quiet: true })
    .then((r) => ({ uploads: r.uploads ?? [], columns: r.columns ?? [], active: r.active ?? [], activeTotal: r.active_total }));

/** getUploadFile is one upload with its refused rows. */
export const getUploadFile = (id: number): Promise<UploadFile> => api.get<GetUploadFile>(`/upload/getUploadFile?id=${id}`);

/** sendUploadFile posts the dialog's form to the kind's upload route (the server names it). */
export const sendUploadFile = (kind: UploadKind, form: FormData) => uploadForm(kind.path, form);

/** The downloads: a kind's example file and an upload's per-row report. */
export const exampleHref = (kind: string) => `/api/upload/getUploadExample?kind=${encodeURIComponent(kind)}`;
export const reportHref = (id: number) => `/api/upload/getUploadReport?id=${id}`;
