import { useEffect, useState, type SyntheticEvent } from 'react';

/** How long a frame may take to load before the screen says it cannot be shown. */
const LOAD_TIMEOUT_MS = 20_000;

/**
 * blankOrError tells, after the frame's load event, whether it shows nothing: a page of our own
 * address we cannot read is the browser's error page, and one we can read may be empty. A page of
 * another site cannot be looked into; the reachability check and the new-tab link cover it.
 */
function blankOrError(frame: HTMLIFrameElement, url: string): boolean {
  if (new URL(url, window.location.href).origin !== window.location.origin) return false;
  let body: HTMLElement | null | undefined;
  try {
    body = frame.contentDocument?.body;
  } catch {
    body = null;
  }
  return !body || (body.childElementCount === 0 && (body.textContent ?? '').trim() === '');
}

/**
 * EmbedFrame shows a custom report's embedded page, or, when the page cannot be shown (its host
 * cannot be reached, it loads an error or nothing, or it does not load in 20 s), a message saying
 * so instead of a blank frame. A link opens the page in a new tab either way: a site that refuses
 * to be framed cannot be told apart from a slow one from here. Its parent keys it by the address.
 */
export function EmbedFrame({ url, title }: { url: string; title: string }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    if (!url) return;
    // A host that cannot be reached fails a fetch; no-cors: any answer at all is enough. Its origin
    // only, without cookies: the report's address carries the embed token, which goes to the frame
    // alone. GET, not HEAD: servers that route only GET (ours among them) answer HEAD with a 405.
    fetch(new URL(url, window.location.href).origin + '/', { mode: 'no-cors', credentials: 'omit' }).catch(() => live && setState('failed'));
    const t = setTimeout(() => live && setState((s) => (s === 'loading' ? 'failed' : s)), LOAD_TIMEOUT_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [url]);
  const onLoad = (e: SyntheticEvent<HTMLIFrameElement>) => {
    const failed = blankOrError(e.currentTarget, url);
    setState((s) => (s === 'failed' || failed ? 'failed' : 'shown'));
  };
  if (!url) return <div className="empty-state">This report has no embed address yet.</div>;
  let host = url;
  try {
    host = new URL(url, window.location.href).host;
  } catch {
    /* keep the address as it is */
  }
  return (
    <>
      <p className="embed-open">
        <a href={url} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
      </p>
      {state === 'failed' ? (
        <div className="empty-state" role="alert">
          This report&apos;s page ({host}) cannot be shown here: it could not be reached, or it showed nothing. Open it in a new tab, or ask an administrator to check the report&apos;s embed address.
        </div>
      ) : (
        <iframe className="embed" title={title} src={url} onLoad={onLoad} />
      )}
    </>
  );
}
