/**
 * The single-use token of a reset or confirmation link. E-mails carry it in the fragment (`#token=`), which
 * browsers never send to a server, so no request log holds it; links of the older form carry it in the query.
 */
export function linkToken(location: { hash: string; search: string }): string {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromFragment ?? new URLSearchParams(location.search).get('token') ?? '';
}
