/** The product logo: an inline SVG so sign-in renders with no extra request. */
export function Logo() {
  return (
    <div className="logo" aria-label="Pricelens">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M18.5 18.5 L25 25" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <path d="M8 14 l3 -4 l3 3 l3 -5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span>Pricelens</span>
    </div>
  );
}
