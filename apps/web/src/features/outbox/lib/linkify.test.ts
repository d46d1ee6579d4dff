import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(splitLinks('Open http://localhost:5173/auth/reset?token=abc to continue')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:5173/auth/reset?token=abc' },
      { kind: 'text', text: ' to continue' },
    ]);
  });

  it('leaves sentence punctuation after a link outside it', () => {
    expect(splitLinks('Visit https://example.com/a.')).toEqual([
      { kind: 'text', text: 'Visit ' },
      { kind: 'link', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('returns plain text unchanged and never links other schemes', () => {
    expect(splitLinks('No links here')).toEqual([{ kind: 'text', text: 'No links here' }]);
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});
