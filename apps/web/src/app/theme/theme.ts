/**
 * Theme state (SPEC 4) with its environment injected, so that it runs under unit tests:
 * one storage key 'theme' holding 'dark' or 'light'; nothing stored means following the
 * operating system preference, live, until a choice is stored.
 * public/theme-init.js applies the same rule before the first paint.
 */
export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

export interface ThemeEnvironment {
  storage: ThemeStorage | null;
  colorScheme: ColorSchemeQuery | null;
  /** Applies the theme to the page (the `dark` class on the document root). */
  apply: (theme: Theme) => void;
}

export const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

export function readStoredTheme(storage: ThemeStorage | null): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function resolveTheme(stored: Theme | null, prefersDark: boolean): Theme {
  return stored ?? (prefersDark ? 'dark' : 'light');
}

export interface ThemeStore {
  getTheme(): Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  /** Listens for changes; while anyone listens, live OS changes are followed. */
  subscribe(listener: () => void): () => void;
}

export function createThemeStore({ storage, colorScheme, apply }: ThemeEnvironment): ThemeStore {
  let theme = resolveTheme(readStoredTheme(storage), colorScheme?.matches ?? false);
  const listeners = new Set<() => void>();
  apply(theme);

  const update = (next: Theme) => {
    if (next === theme) return;
    theme = next;
    apply(theme);
    listeners.forEach((listener) => listener());
  };

  const onSchemeChange = (event: { matches: boolean }) => {
    // A stored choice wins over the OS; only follow the OS while nothing is stored.
    if (readStoredTheme(storage) === null) update(event.matches ? 'dark' : 'light');
  };

  const setTheme = (next: Theme) => {
    try {
      storage?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be full or blocked; the theme still changes for this page.
    }
    update(next);
  };

  return {
    getTheme: () => theme,
    setTheme,
    toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
    subscribe(listener) {
      if (listeners.size === 0) colorScheme?.addEventListener('change', onSchemeChange);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) colorScheme?.removeEventListener('change', onSchemeChange);
      };
    },
  };
}

/** The browser environment: localStorage, the OS dark-mode query, the `dark` class on <html>. */
export function browserThemeEnvironment(): ThemeEnvironment {
  let storage: ThemeStorage | null;
  try {
    storage = window.localStorage;
  } catch {
    // Reading localStorage throws where storage is blocked.
    storage = null;
  }
  return {
    storage,
    colorScheme: typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : null,
    apply(theme) {
      const root = document.documentElement;
      root.classList.toggle('dark', theme === 'dark');
      root.style.colorScheme = theme;
    },
  };
}
