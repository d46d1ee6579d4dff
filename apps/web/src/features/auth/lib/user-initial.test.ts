import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { getUserDisplayName, getUserInitial } from './user-initial';

const withMeta = (meta: Partial<typeof user.user_metadata>, email = user.email) => ({
  email,
  user_metadata: { ...user.user_metadata, ...meta },
});

describe('getUserInitial', () => {
  it('uses the first letter of the first name, upper case', () => {
    expect(getUserInitial(withMeta({ first_name: 'ada' }))).toBe('A');
  });

  it('falls back to the e-mail when there is no first name', () => {
    expect(getUserInitial(withMeta({ first_name: '  ' }, 'zoe@example.com'))).toBe('Z');
  });
});

describe('getUserDisplayName', () => {
  it('prefers the full name, then first and last name, then the e-mail', () => {
    expect(getUserDisplayName(user)).toBe('Ada Lovelace');
    expect(getUserDisplayName(withMeta({ full_name: '', first_name: 'Ada', last_name: '' }))).toBe('Ada');
    expect(getUserDisplayName(withMeta({ full_name: '', first_name: '', last_name: '' }))).toBe(user.email);
  });
});
