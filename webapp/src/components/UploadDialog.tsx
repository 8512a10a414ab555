import { useReducer, type ReactNode } from 'react';
import { Dialog, FormError } from './Dialog';
import { initialUploadState, uploadButtons, uploadOutcome, uploadReducer, type UploadResult } from '../lib/upload';

export type UploadDialogProps = {
  title: string;
  /** Accepted extensions (the file input's accept and the type check); default ['.csv']. */
  accept?: readonly string[];
  /** The required header, shown as a hint ("Columns: fsn, status, bizfin comment"). */
  columns?: readonly string[];
  /** An example file to download (e.g. csvDataHref of a sample). */
  example?: { href: string; download: string; label?: string };
  /** Extra form fields shown above the file input (e.g. the mandated-FSN action). */
  fields?: ReactNode;
  /** Adds the extra fields to the form; false sends nothing (the fields show why). */
  prepare?: (form: FormData) => boolean;
  /** Sends the form (uploadForm of lib/api bound to the route). */
  upload: (form: FormData) => Promise<UploadResult>;
  /** The multipart field of the file; the spec's UploadCsv by default. */
  field?: string;
  /** Closes the dialog: refresh true after a 200, false on Cancel. */
  onClose: (refresh: boolean) => void;
};

/**
 * UploadDialog is the specification's upload dialog (docs/product.md §2 Upload
 * dialogs, §4 states, §8): idle, error and processing; Upload enabled once a file
 * is added; both buttons disabled with an indeterminate bar while uploading; a 200
 * closes it with refresh true, a failure shows its message (Cancel re-enabled,
 * Upload disabled until another file is chosen); Cancel closes with refresh false.
 */
export function UploadDialog({ title, accept = ['.csv'], columns, example, fields, prepare, upload, field = 'UploadCsv', onClose }: UploadDialogProps) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const buttons = uploadButtons(state);
  const cancel = () => buttons.cancel && onClose(false);
  const send = async () => {
    if (!buttons.upload || !state.file) return;
    const form = new FormData();
    if (prepare && !prepare(form)) return;
    form.append(field, state.file, state.file.name);
    dispatch({ type: 'start' });
    const outcome = uploadOutcome(await upload(form));
    if (outcome.ok) onClose(true);
    else dispatch({ type: 'failed', message: outcome.message });
  };
  return (
    <Dialog
      title={title}
      width={550}
      onClose={cancel}
      actions={
        <>
          <button className="btn" onClick={cancel} disabled={!buttons.cancel}>
            Cancel
          </button>
          <button className="btn btn-primary" onClick={send} disabled={!buttons.upload}>
            Upload
          </button>
        </>
      }
    >
      {fields}
      {columns && <p className="muted">Columns: {columns.join(', ')}</p>}
      {example && (
        <p>
          <a href={example.href} download={example.download}>
            {example.label ?? 'Download an example file'}
          </a>
        </p>
      )}
      <input
        type="file"
        aria-label="File"
        accept={accept.join(',')}
        disabled={state.phase === 'processing'}
        onChange={(e) => dispatch({ type: 'choose', file: e.target.files?.[0] ?? null, accept })}
      />
      {state.phase === 'processing' && (
        <div className="upload-processing">
          Processing
          <div className="progress" role="progressbar" aria-label="Processing" />
        </div>
      )}
      {state.phase === 'error' && (
        <div className="upload-error">
          <FormError message={state.message} />
        </div>
      )}
    </Dialog>
  );
}

/** csvDataHref is a link target that downloads the given CSV text (an example file). */
export function csvDataHref(csv: string): string {
  return 'data:text/csv;charset=utf-8,' + encodeURIComponent(csv);
}
