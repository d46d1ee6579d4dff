/**
 * A text as PostgreSQL can store it: a NUL or half of a surrogate pair (which a browser produces when it
 * cuts a text through an emoji) becomes U+FFFD, the way a UTF-8 decoder treats bytes it cannot read
 * (decision 0011).
 */
export const storableText = (s: string): string =>
  (s as string & { toWellFormed(): string }).toWellFormed().replaceAll('\0', '\uFFFD');
