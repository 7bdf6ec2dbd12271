/**
 * Set-up of the `component` vitest project (React Testing Library in jsdom): what jsdom lacks and the console's
 * components use (ResizeObserver, scrollIntoView, matchMedia, pointer capture), and a clean document after each test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/i18n/i18n'; // Lingui active (English) before any component asks for a message, as main.tsx does

afterEach(() => cleanup());

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
