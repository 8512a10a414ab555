import { useUI } from '../../store/ui';
import { navigate } from '../../lib/router';
import { Dialog } from '../../components/Dialog';

/** The global message dialog (errors of docs/product.md §8) and the snackbar. */
export function GlobalOverlays() {
  const dialog = useUI((s) => s.dialog);
  const closeDialog = useUI((s) => s.closeDialog);
  const snackbar = useUI((s) => s.snackbar);
  const closeSnack = useUI((s) => s.closeSnack);

  const ok = () => {
    const after = dialog?.after;
    closeDialog();
    if (after === 'logout') navigate('/login/logout', { replace: true });
    if (after === 'reload') window.location.reload();
  };

  return (
    <>
      {dialog && (
        <Dialog
          title={dialog.title}
          width={550}
          onClose={dialog.buttons.includes('cancel') ? closeDialog : ok}
          actions={dialog.buttons.map((b) =>
            b === 'ok' ? (
              <button key={b} className="btn btn-primary" onClick={ok}>
                OK
              </button>
            ) : b === 'refresh' ? (
              <button key={b} className="btn btn-primary" onClick={() => window.location.reload()}>
                Refresh
              </button>
            ) : (
              <button key={b} className="btn" onClick={closeDialog}>
                Cancel
              </button>
            ),
          )}
        >
          <p>{dialog.message}</p>
        </Dialog>
      )}
      {snackbar && (
        <div className="snackbar" role="status">
          <span>{snackbar.text}</span>
          {snackbar.action && (
            <button
              className="btn btn-link"
              onClick={() => {
                closeSnack();
                navigate(snackbar.action!.to);
              }}
            >
              {snackbar.action.label}
            </button>
          )}
          <button className="btn btn-link" aria-label="Close" onClick={closeSnack}>
            ×
          </button>
        </div>
      )}
    </>
  );
}
