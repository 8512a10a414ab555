import { createContext, useContext, useEffect, useState, type ReactNode, type MouseEvent } from 'react';

/**
 * A small history router. The app has a fixed route table (docs/product.md §2) and needs
 * nothing a library would add; keeping it here keeps the bundle small and the
 * matching testable as a pure function.
 */

const listeners = new Set<() => void>();

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  listeners.forEach((l) => l());
}

function currentLocation(): Loc {
  return { path: window.location.pathname, search: new URLSearchParams(window.location.search) };
}

export type Loc = { path: string; search: URLSearchParams };

const LocationContext = createContext<Loc>({ path: '/', search: new URLSearchParams() });

export function RouterProvider({ children }: { children: ReactNode }) {
  const [loc, setLoc] = useState<Loc>(currentLocation);
  useEffect(() => {
    const update = () => setLoc(currentLocation());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return <LocationContext.Provider value={loc}>{children}</LocationContext.Provider>;
}

export function useLocation(): Loc {
  return useContext(LocationContext);
}

export function Link({ to, children, className, title }: { to: string; children: ReactNode; className?: string; title?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className} title={title}>
      {children}
    </a>
  );
}

/** matchPath matches "/pricing/type/:id" style patterns; it returns the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.replace(/\/+$/, '').split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

/** navigationTarget keeps only same-site paths, so a crafted link cannot send users elsewhere. */
export function navigationTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return '';
  return raw;
}
