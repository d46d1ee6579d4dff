/** Paths the auth e-mails link to; they show their own view whatever the session. */
export const AUTH_LINK_PATHS: readonly string[] = ['/auth/reset', '/auth/confirm'];

export function isAuthLinkPath(pathname: string): boolean {
  return AUTH_LINK_PATHS.includes(pathname);
}
