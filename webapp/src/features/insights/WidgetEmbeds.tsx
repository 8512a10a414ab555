import { useEffect, useState } from 'react';
import { listWidgets, type WidgetEmbed } from './api/insights';

/**
 * scriptURL is a widget script's address for another page: the server's when it names one
 * (PRICELENS_PUBLIC_URL is set), else the path on the address the browser opened the webapp at.
 */
const scriptURL = (url: string) => new URL(url, window.location.origin).href;

/**
 * WidgetEmbeds lists the embedded widgets (docs/product.md §2) with the two lines
 * another page needs to show one: a mount point with the widget's key and its script.
 */
export function WidgetEmbeds() {
  const [items, setItems] = useState<WidgetEmbed[] | null>(null);
  useEffect(() => {
    listWidgets()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  if (!items || items.length === 0) return null;
  return (
    <section className="card widget-embeds" aria-label="Embedded widgets">
      <h2>Embedded widgets</h2>
      <p className="muted">Paste into a page where the user is signed in to Pricelens; without a session the widget loads without numbers.</p>
      <ul>
        {items.map((w) => (
          <li key={w.key}>
            <strong>{w.key}</strong>
            <pre>{`<div data-pricelens-widget="${w.key}"></div>\n<script src="${scriptURL(w.url)}"></script>`}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
