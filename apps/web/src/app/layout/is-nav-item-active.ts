/**
 * Whether the nav item for `itemPath` is the current one at `currentPath`: an exact match, or a
 * page below it ('/admin' for '/admin/sessions/42'). The root item matches only '/' itself, or it
 * would be active everywhere; '/admin' never matches '/administrator'.
 */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
