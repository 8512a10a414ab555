import { useState } from 'react';
import type { Label } from '../../api/types';

/** The "Assign a label" dropdown: the account's labels with a search, and "+ Add label". */
export function LabelMenu({ labels, onPick, onAdd }: { labels: Label[]; onPick: (l: Label) => void; onAdd: () => void }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const shown = labels.filter((l) => l.name.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <div className="menu">
      <button className="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        Assign a label
      </button>
      {open && (
        <div className="menu-list label-menu" role="menu">
          <input placeholder="Search labels" aria-label="Search labels" value={q} onChange={(e) => setQ(e.target.value)} />
          {labels.length === 0 ? <div className="muted">No data to display</div> : shown.length === 0 ? <div className="muted">no matching found</div> : null}
          {shown.map((l) => (
            <button
              key={l.id}
              role="menuitem"
              className="menu-item"
              onClick={() => {
                setOpen(false);
                onPick(l);
              }}
            >
              <i className="label-dot" style={{ background: '#' + l.color }} /> {l.name}
            </button>
          ))}
          <button
            role="menuitem"
            className="menu-item add"
            onClick={() => {
              setOpen(false);
              onAdd();
            }}
          >
            + Add label
          </button>
        </div>
      )}
    </div>
  );
}
