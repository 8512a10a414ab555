import { describe, expect, it } from 'vitest';
import { MSG_EMAIL_INVALID, MSG_EMAIL_REQUIRED, validateNewUserEmail } from './validation';

describe('new user e-mail', () => {
  it('is required', () => {
    expect(validateNewUserEmail('')).toBe(MSG_EMAIL_REQUIRED);
    expect(validateNewUserEmail('   ')).toBe(MSG_EMAIL_REQUIRED);
  });
  it('must be an address', () => {
    for (const bad of ['bob', 'bob@', '@acme.test', 'bob@acme', 'bo b@acme.test']) expect(validateNewUserEmail(bad), bad).toBe(MSG_EMAIL_INVALID);
    expect(validateNewUserEmail(' bob@acme.test ')).toBeNull();
  });
});
