// The component tier's setup (vitest.config.ts, project "component"): after each test the
// screen is unmounted, toasts are dropped, and the faked globals and spies are put back, so
// every test (and file) starts clean whatever order the shuffled run picks.
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// happy-dom lacks HTMLOptionElement.defaultSelected and HTMLSelectElement.size. Without them
// react-hook-form takes every select for one the user changed before the form was ready, and
// keeps the DOM's first option instead of the form's value (browsers are not affected).
function defineIfMissing<T extends object>(prototype: T, sample: unknown, name: string, descriptor: PropertyDescriptor) {
  if ((sample as Record<string, unknown>)[name] === undefined) Object.defineProperty(prototype, name, { configurable: true, ...descriptor });
}
if (typeof document !== 'undefined') {
  defineIfMissing(HTMLOptionElement.prototype, document.createElement('option'), 'defaultSelected', {
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', Boolean(value));
    },
  });
  defineIfMissing(HTMLSelectElement.prototype, document.createElement('select'), 'size', {
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size')) || 0;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

// findBy* and waitFor wait up to 5 s (not 1 s): the suite shares a loaded machine with others.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  globalThis.localStorage?.clear();
});
