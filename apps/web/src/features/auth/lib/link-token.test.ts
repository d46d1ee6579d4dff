import { describe, expect, it } from 'vitest';
import { linkToken } from './link-token';

describe('linkToken', () => {
  it('reads the token from the fragment, else from the query of an older link', () => {
    expect(linkToken({ hash: '#token=abc', search: '' })).toBe('abc');
    expect(linkToken({ hash: '', search: '?token=old' })).toBe('old');
    expect(linkToken({ hash: '#token=new', search: '?token=old' })).toBe('new');
    expect(linkToken({ hash: '', search: '' })).toBe('');
  });
});
