import { Link } from '../lib/router';
import { TITLE_NOT_FOUND } from '../lib/errors';

/** Error and permission-denied pages show status code, title and message (docs/product.md §8). */
export function ErrorPage({ status, title, message, hideHome }: { status: number; title: string; message?: string; hideHome?: boolean }) {
  return (
    <div className="error-page" role="main">
      <div className="error-status">{status}</div>
      <h1>{title}</h1>
      {message && <p className="error-message">{message}</p>}
      {status === 403 && <p>If you think this is a mistake, contact your account administrator or the on-call support team.</p>}
      {!hideHome && (
        <Link to="/" className="btn btn-primary">
          Home
        </Link>
      )}
    </div>
  );
}

export function NotFound() {
  return <ErrorPage status={404} title={TITLE_NOT_FOUND} message="The address you opened does not match any page." />;
}

/** The spec's words for a permission the user's role lacks (docs/product.md §6). */
export const MSG_LOCKED = 'Feature is locked for this user';

/** PermissionDenied is the page of a screen the user may not view (docs/product.md §6: "permission-denied page"). */
export function PermissionDenied() {
  return <ErrorPage status={403} title="Permission denied" message={MSG_LOCKED} />;
}

/** A feature the user's role does not include (docs/product.md §6). */
export function LockedFeature() {
  return (
    <div className="locked" role="note">
      {MSG_LOCKED}
    </div>
  );
}
