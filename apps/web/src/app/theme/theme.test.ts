import { describe, expect, it, vi } from 'vitest';
import { createThemeStore, readStoredTheme, resolveTheme, THEME_STORAGE_KEY, type Theme, type ThemeStorage } from './theme';

function memoryStorage(initial: Record<string, string> = {}): ThemeStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

function fakeColorScheme(matches: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  return {
    matches,
    listenerCount: () => listeners.size,
    addEventListener: (_type: 'change', listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    change(next: boolean) {
      this.matches = next;
      listeners.forEach((listener) => listener({ matches: next }));
    },
  };
}

function setup({ stored, prefersDark = false }: { stored?: string; prefersDark?: boolean } = {}) {
  const storage = memoryStorage(stored === undefined ? {} : { [THEME_STORAGE_KEY]: stored });
  const colorScheme = fakeColorScheme(prefersDark);
  const applied: Theme[] = [];
  const store = createThemeStore({ storage, colorScheme, apply: (theme) => applied.push(theme) });
  return { store, storage, colorScheme, applied };
}

describe('resolveTheme', () => {
  it('prefers the stored theme over the OS preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
  it('follows the OS when nothing is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
  });
});

describe('readStoredTheme', () => {
  it('reads only dark and light', () => {
    expect(readStoredTheme(memoryStorage({ theme: 'dark' }))).toBe('dark');
    expect(readStoredTheme(memoryStorage({ theme: 'light' }))).toBe('light');
    expect(readStoredTheme(memoryStorage({ theme: 'purple' }))).toBeNull();
    expect(readStoredTheme(memoryStorage())).toBeNull();
    expect(readStoredTheme(null)).toBeNull();
  });
  it('survives storage that throws', () => {
    const broken: ThemeStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readStoredTheme(broken)).toBeNull();
    const store = createThemeStore({ storage: broken, colorScheme: null, apply: () => {} });
    expect(() => store.toggleTheme()).not.toThrow();
    expect(store.getTheme()).toBe('dark');
  });
});

describe('createThemeStore', () => {
  it('starts from storage and applies it at once', () => {
    const { store, applied } = setup({ stored: 'dark', prefersDark: false });
    expect(store.getTheme()).toBe('dark');
    expect(applied).toEqual(['dark']);
  });

  it('starts from the OS preference when nothing is stored', () => {
    expect(setup({ prefersDark: true }).store.getTheme()).toBe('dark');
    expect(setup({ prefersDark: false }).store.getTheme()).toBe('light');
  });

  it('toggles, stores the choice and applies it', () => {
    const { store, storage, applied } = setup({ prefersDark: false });
    store.toggleTheme();
    expect(store.getTheme()).toBe('dark');
    expect(storage.data[THEME_STORAGE_KEY]).toBe('dark');
    store.toggleTheme();
    expect(store.getTheme()).toBe('light');
    expect(storage.data[THEME_STORAGE_KEY]).toBe('light');
    expect(applied).toEqual(['light', 'dark', 'light']);
  });

  it('can be set explicitly', () => {
    const { store, storage } = setup({ prefersDark: true });
    store.setTheme('light');
    expect(store.getTheme()).toBe('light');
    expect(storage.data[THEME_STORAGE_KEY]).toBe('light');
    store.setTheme('light');
    expect(store.getTheme()).toBe('light');
  });

  it('follows live OS changes while nothing is stored', () => {
    const { store, colorScheme, applied } = setup({ prefersDark: false });
    const listener = vi.fn();
    store.subscribe(listener);
    colorScheme.change(true);
    expect(store.getTheme()).toBe('dark');
    colorScheme.change(false);
    expect(store.getTheme()).toBe('light');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(applied).toEqual(['light', 'dark', 'light']);
  });

  it('ignores OS changes once a theme is stored', () => {
    const { store, colorScheme } = setup({ prefersDark: false });
    store.subscribe(() => {});
    store.setTheme('light');
    colorScheme.change(true);
    expect(store.getTheme()).toBe('light');
  });

  it('ignores OS changes when a theme was stored before start', () => {
    const { store, colorScheme } = setup({ stored: 'dark', prefersDark: true });
    store.subscribe(() => {});
    colorScheme.change(false);
    expect(store.getTheme()).toBe('dark');
  });

  it('notifies subscribers and stops listening to the OS when the last one leaves', () => {
    const { store, colorScheme } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(colorScheme.listenerCount()).toBe(1);
    store.toggleTheme();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(colorScheme.listenerCount()).toBe(0);
    store.toggleTheme();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
