import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetBusinessIdForTests } from '../lib/business-id';
import { resetSessionForTests } from '../lib/session';
import { setViewportWidth } from './viewport';

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
