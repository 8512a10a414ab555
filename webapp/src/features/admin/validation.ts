/** The new-user dialog's rule (docs/product.md §5): the e-mail is required and valid; Save stays disabled until it is. */

export const MSG_EMAIL_REQUIRED = 'Email is required';
export const MSG_EMAIL_INVALID = 'Please enter a valid email address';

/** The same shape the server accepts: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** validateNewUserEmail returns the message to show, or null when the address is valid. */
export function validateNewUserEmail(email: string): string | null {
  const e = email.trim();
  if (!e) return MSG_EMAIL_REQUIRED;
  return EMAIL.test(e) ? null : MSG_EMAIL_INVALID;
}
