/**
 * Leaving for another site (a vendor's sign-in page): the page is left, so nothing runs after it. An object, so
 * that tests can watch the call (jsdom cannot navigate, and window.location cannot be replaced).
 */
export const browserNavigation = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};
