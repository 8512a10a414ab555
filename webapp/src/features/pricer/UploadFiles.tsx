import { useCallback, useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { UploadDialog } from '../../components/UploadDialog';
import {
  exampleHref,
  getUploadFile,
  getUploadFiles,
  getUploadKinds,
  reportHref,
  sendUploadFile,
  type KindFiles,
  type UploadFile,
  type UploadKind,
} from './api/uploads';
import { followUpload } from './uploadVerdict';

/** How often a section asks again while one of its files is queued or processing. */
const POLL_MS = 1500;

/**
 * Upload Files (/new/repricing/upload_files): a section per upload kind the caller
 * is permitted (the server lists them), each with its Upload button (the shared
 * UploadDialog), its latest files with their status and per-row report, and what
 * the kind keeps in force. Other areas' upload sections (e.g. mandated FSNs) sit
 * beside these as sections of their own.
 */
export function UploadFiles() {
  const [kinds, setKinds] = useState<UploadKind[] | null>(null);
  useEffect(() => {
    getUploadKinds().then(setKinds, () => setKinds([]));
  }, []);
  return (
    <div className="page upload-files">
      <Breadcrumb items={[{ label: 'Upload Files' }]} />
      <h1>Upload Files</h1>
      {kinds === null ? (
        <div className="page-loading">Loading...</div>
      ) : kinds.length === 0 ? (
        <div className="empty-state">Feature is locked for this user</div>
      ) : (
        kinds.map((k) => <KindSection key={k.kind} kind={k} />)
      )}
    </div>
  );
}

function KindSection({ kind }: { kind: UploadKind }) {
  const [files, setFiles] = useState<KindFiles | null>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => getUploadFiles(kind.kind).then(setFiles, () => undefined), [kind.kind]);
  useEffect(() => {
    void load();
  }, [load]);
  const busy = files?.uploads.some((u) => u.status === 'queued' || u.status === 'processing') ?? false;
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(t);
  }, [busy, load]);
  const columns = kind.columns ?? [];
  return (
    <section className="upload-kind" aria-label={kind.title}>
      <div className="upload-kind-head">
        <h2>{kind.title}</h2>
        <button className="btn btn-primary" onClick={() => setOpen(true)}>
          Upload
        </button>
      </div>
      <p>{kind.description}</p>
      <p className="muted">
        Columns: {columns.join(', ')} ·{' '}
        <a href={exampleHref(kind.kind)} download={kind.example_name}>
          Example file
        </a>
      </p>
      {open && (
        <UploadDialog
          title={`Upload ${kind.title}`}
          columns={columns}
          example={{ href: exampleHref(kind.kind), download: kind.example_name }}
          upload={(form) => sendUploadFile(kind, form)}
          follow={(answer) => followUpload(answer, getUploadFile)}
          onClose={(refresh) => {
            setOpen(false);
            if (refresh) void load();
          }}
        />
      )}
      {files === null ? (
        <div className="page-loading">Loading...</div>
      ) : (
        <>
          <Uploads uploads={files.uploads} />
          {files.columns.length > 0 && <Active files={files} />}
        </>
      )}
    </section>
  );
}

function Uploads({ uploads }: { uploads: UploadFile[] }) {
  const [shown, setShown] = useState<UploadFile | null>(null);
  if (uploads.length === 0) return <div className="empty-state">No files uploaded yet</div>;
  return (
    <>
      <table className="table" aria-label="Uploaded files">
        <thead>
          <tr>
            <th>File</th>
            <th>Uploaded</th>
            <th>By</th>
            <th>Status</th>
            <th>Rows applied</th>
            <th>Rows refused</th>
            <th>Report</th>
          </tr>
        </thead>
        <tbody>
          {uploads.map((u) => (
            <tr key={u.id}>
              <td>{u.file_name}</td>
              <td>{new Date(u.uploaded_at).toLocaleString()}</td>
              <td>{u.uploaded_by}</td>
              <td title={u.error}>
                <span className={`upload-status upload-status-${u.status}`}>{u.status}</span>
                {u.error && <div className="muted">{u.error}</div>}
              </td>
              <td>{u.rows_applied}</td>
              <td>
                {u.rows_refused > 0 ? (
                  <button className="btn btn-link" onClick={() => getUploadFile(u.id).then(setShown, () => undefined)}>
                    {u.rows_refused}
                  </button>
                ) : (
                  u.rows_refused
                )}
              </td>
              <td>{(u.status === 'done' || u.status === 'failed') && <a href={reportHref(u.id)}>Download report</a>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown && (
        <div className="upload-refused">
          <h3>
            Refused rows of {shown.file_name} ({shown.rows_refused})
            <button className="btn btn-link" onClick={() => setShown(null)}>
              Close
            </button>
          </h3>
          <table className="table" aria-label="Refused rows">
            <thead>
              <tr>
                <th>Line</th>
                <th>FSN</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {(shown.refused ?? []).map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.fsn}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Rows of a section's "In force" table per page: the label files of the demo alone are 365 rows. */
const ACTIVE_PAGE = 25;

/**
 * inForceOf is the pager's "of": the rows listed, and when the server listed fewer than are in force
 * (it sends a bounded list and the total) both, so that "of 200" does not contradict "In force (385)".
 */
export function inForceOf(listed: number, total: number): string {
  return listed < total ? `the ${listed.toLocaleString('en-US')} listed (${total.toLocaleString('en-US')} in force)` : listed.toLocaleString('en-US');
}

function Active({ files }: { files: KindFiles }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(files.active.length / ACTIVE_PAGE));
  const at = Math.min(page, pages - 1);
  const rows = files.active.slice(at * ACTIVE_PAGE, (at + 1) * ACTIVE_PAGE);
  return (
    <>
      <h3>In force ({files.activeTotal})</h3>
      {files.active.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="table" aria-label="In force">
          <thead>
            <tr>
              {files.columns.map((c) => (
                <th key={c}>{c}</th>
              ))}
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o, i) => (
              <tr key={at * ACTIVE_PAGE + i}>
                {(o.values ?? []).map((v, j) => (
                  <td key={j}>{v}</td>
                ))}
                <td>{new Date(o.updated_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <div className="pager" aria-label="In force pages">
          <button className="btn btn-link" disabled={at === 0} onClick={() => setPage(at - 1)}>
            Previous
          </button>
          <span>
            Rows {at * ACTIVE_PAGE + 1}–{at * ACTIVE_PAGE + rows.length} of {inForceOf(files.active.length, files.activeTotal)}
          </span>
          <button className="btn btn-link" disabled={at === pages - 1} onClick={() => setPage(at + 1)}>
            Next
          </button>
        </div>
      )}
    </>
  );
}
