import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetBusinessIdForTests } from '../lib/business-id';
import { resetSessionForTests } from '../lib/session';
import { setViewportWidth } from './viewport';

// The first render of a lazily loaded screen transforms its modules, which takes over a second when the
// suite runs files in parallel; findBy* waits long enough for that.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Radix relies on.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

beforeEach(() => {
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  resetSessionForTests();
  resetBusinessIdForTests();
  document.body.style.overflow = '';
});
