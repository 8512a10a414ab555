import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog, Dialog, FormError } from './Dialog';
import { ApiError } from '../lib/api';
import { useUI } from '../store/ui';
import { abortExport, csvFileUrl, getExportStatus, getMyExports, initialExportProcess, type ExportState } from '../api/exports';
import { EXPORT_MAX_TRIES, EXPORT_POLL_MS, percentText, timeLeft } from './exportProgress';

/** download saves a finished export through the browser (the answer is an attachment). */
function download(reportName: string) {
  const a = document.createElement('a');
  a.href = csvFileUrl(reportName);
  a.download = reportName + '.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

/**
 * The Exporting report dialog (docs/product.md §2, §4, §9): starts the export, polls its state
 * once a second for at most 60 tries with the percent and the time left, downloads
 * the file when done and closes. An export that outlives the 60 tries goes on on the
 * server; the dialog then lists the user's recent exports to download it from.
 * Each grid gives its own export call (start): tabular, assortment, repricing results.
 */
export function ExportDialog({ start, onClose }: { start: () => Promise<{ exportReportName: string }>; onClose: () => void }) {
  const snack = useUI((s) => s.snack);
  const [state, setState] = useState<ExportState | null>(null);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  // One export per dialog, even when React runs the effect twice (StrictMode).
  const started = useRef<Promise<string> | null>(null);
  const name = useRef('');
  // While the cancel question is open a finished export waits for the answer: the
  // file is not downloaded behind a "cancel?" the user is about to confirm.
  const asking = useRef(false);
  const answered = useRef<((cancel: boolean) => void) | null>(null);
  // The dialog says "Export has been canceled" once, whoever saw the cancel first.
  const ended = useRef(false);
  const canceled = () => {
    if (ended.current) return;
    ended.current = true;
    snack('Export has been canceled');
    onClose();
  };

  useEffect(() => {
    let stop = false;
    if (!started.current) started.current = start().then((a) => a.exportReportName);
    (async () => {
      try {
        const n = await started.current!;
        name.current = n;
        let st = await initialExportProcess(n);
        for (let i = 0; !stop; i++) {
          setState(st);
          if (st.status === 'done') {
            if (asking.current && (await new Promise<boolean>((r) => (answered.current = r)))) return; // canceled: no download
            if (stop || ended.current) return;
            ended.current = true;
            download(n);
            onClose();
            return;
          }
          if (st.status === 'failed') return setError(st.error || 'The export failed.');
          // Canceled elsewhere (another tab, or the poll saw this dialog's cancel first).
          if (st.status === 'canceled') return canceled();
          if (i >= EXPORT_MAX_TRIES) return setGaveUp(true);
          await sleep(EXPORT_POLL_MS);
          if (!stop) st = await getExportStatus(n);
        }
      } catch (e) {
        if (!stop) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one export per dialog
  }, []);

  const ask = () => {
    asking.current = true;
    setConfirm(true);
  };
  const keepGoing = () => {
    asking.current = false;
    setConfirm(false);
    answered.current?.(false);
    answered.current = null;
  };
  const cancel = async () => {
    asking.current = false;
    setConfirm(false);
    // A cancel before exportDataToCsv answered still cancels that export.
    const n = name.current || (await started.current?.catch(() => ''));
    if (!n) return onClose();
    try {
      await abortExport(n);
    } catch (e) {
      // 409: it finished (or was canceled) while the question was open. The user
      // asked to cancel, so the file is not downloaded: that is a cancel too.
      if (!(e instanceof ApiError && e.status === 409)) {
        answered.current?.(false);
        answered.current = null;
        return setError(e instanceof ApiError ? e.message : String(e));
      }
    }
    answered.current?.(true);
    answered.current = null;
    canceled();
  };

  if (confirm) return <ConfirmDialog message="Are you sure you want to cancel the export process ?" onConfirm={() => void cancel()} onCancel={keepGoing} />;
  const live = !error && !gaveUp && state?.status !== 'canceled';
  return (
    <Dialog
      title="Exporting report"
      width={550}
      onClose={() => (live ? ask() : onClose())}
      actions={
        <button className="btn" onClick={() => (live ? ask() : onClose())}>
          {live ? 'Cancel' : 'Close'}
        </button>
      }
    >
      <FormError message={error} />
      {live && (
        <div className="export-progress">
          <progress max={100} value={state?.percent ?? 0} aria-label="Export progress" />
          <p>
            {percentText(state)} · Time left: {timeLeft(state)}
          </p>
        </div>
      )}
      {gaveUp && (
        <>
          <p>The export is taking longer than a minute. It goes on in the background: download it from Recent exports when it is done.</p>
          <RecentExports />
        </>
      )}
    </Dialog>
  );
}

/** RecentExports lists the user's exports that are under way or can be downloaded. */
export function RecentExports() {
  const [list, setList] = useState<ExportState[] | null>(null);
  const load = () => void getMyExports().then((r) => setList(r.exports));
  useEffect(load, []);
  if (!list) return <p>Loading...</p>;
  return (
    <div className="recent-exports">
      {list.length === 0 ? (
        <p>No exports in the last 7 days.</p>
      ) : (
        <table>
          <tbody>
            {list.map((e) => (
              <tr key={e.reportName}>
                <td>{new Date(e.created_at).toLocaleString()}</td>
                <td>{e.rows.toLocaleString('en-US')} rows</td>
                <td>
                  {e.status === 'done' ? (
                    <a href={csvFileUrl(e.reportName)} download={e.reportName + '.csv'}>
                      Download
                    </a>
                  ) : e.status === 'running' || e.status === 'queued' ? (
                    `${percentText(e)} · Time left: ${timeLeft(e)}`
                  ) : (
                    e.error || e.status
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button className="btn" onClick={load}>
        Refresh
      </button>
    </div>
  );
}

/** RecentExportsDialog is the list on its own, from the report's header. */
export function RecentExportsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Recent exports" width={600} onClose={onClose} actions={<button className="btn" onClick={onClose}>Close</button>}>
      <RecentExports />
    </Dialog>
  );
}
