import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './is-nav-item-active';
import { DEV_NAV, MAIN_NAV } from './nav-items';

describe('isNavItemActive', () => {
  it('marks the root item only on the root path', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/integrations')).toBe(false);
    expect(isNavItemActive('/', '/admin/sessions/1')).toBe(false);
  });

  it('marks an item on its own path and on paths below it', () => {
    expect(isNavItemActive('/customer-intelligence', '/customer-intelligence')).toBe(true);
    expect(isNavItemActive('/customer-intelligence', '/customer-intelligence/42')).toBe(true);
    expect(isNavItemActive('/admin', '/admin/sessions/abc')).toBe(true);
    expect(isNavItemActive('/admin', '/admin/')).toBe(true);
  });

  it('does not mark an item for a path that merely shares its prefix', () => {
    expect(isNavItemActive('/admin', '/administrator')).toBe(false);
    expect(isNavItemActive('/data-map', '/data')).toBe(false);
    expect(isNavItemActive('/integrations', '/')).toBe(false);
  });

  it('leaves exactly one item active on every screen of the app', () => {
    const items = [...MAIN_NAV, ...DEV_NAV];
    for (const path of [
      '/',
      '/ad-intelligence',
      '/customer-intelligence/7',
      '/admin/sessions/s1',
      '/tracking-script',
    ]) {
      expect(items.filter((item) => isNavItemActive(item.to, path))).toHaveLength(1);
    }
  });
});
