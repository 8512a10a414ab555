/** readCookie returns a readable cookie's value (the CSRF token is one). */
export function readCookie(name: string, cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): string {
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return '';
}
