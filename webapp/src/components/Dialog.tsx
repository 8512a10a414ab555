import { useEffect, type ReactNode } from 'react';

/** A modal dialog; widths 600/550/250 px are the spec's (docs/product.md §9). */
export function Dialog({
  title,
  children,
  actions,
  onClose,
  width = 600,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  width?: number;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label={title} style={{ width }}>
        <h2 className="dialog-title">{title}</h2>
        <div className="dialog-body">{children}</div>
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}

/** The usual footer of a dialog: Cancel, then the primary action (Save unless named). */
export function DialogActions({
  onCancel,
  onPrimary,
  primaryLabel = 'Save',
  busy = false,
}: {
  onCancel: () => void;
  onPrimary: () => void;
  primaryLabel?: string;
  busy?: boolean;
}) {
  return (
    <>
      <button className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button className="btn btn-primary" onClick={onPrimary} disabled={busy}>
        {primaryLabel}
      </button>
    </>
  );
}

/** A form's error message, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message: string }) {
  return message ? (
    <div className="form-error" role="alert">
      {message}
    </div>
  ) : null;
}

/** The generic confirmation dialog (docs/product.md §2 Dialogs, §5 delete confirmation). */
export function ConfirmDialog({
  title = 'Confirm',
  message,
  confirmLabel = 'OK',
  onConfirm,
  onCancel,
}: {
  title?: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={title}
      width={250 + 300}
      onClose={onCancel}
      actions={<DialogActions onCancel={onCancel} onPrimary={onConfirm} primaryLabel={confirmLabel} />}
    >
      <p>{message}</p>
    </Dialog>
  );
}
