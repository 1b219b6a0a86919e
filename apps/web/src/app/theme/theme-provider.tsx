import { createContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { browserThemeEnvironment, createThemeStore, type Theme } from './theme';

export interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createThemeStore(browserThemeEnvironment()));
  const theme = useSyncExternalStore(store.subscribe, store.getTheme, store.getTheme);
  return (
    <ThemeContext value={{ theme, setTheme: store.setTheme, toggleTheme: store.toggleTheme }}>{children}</ThemeContext>
  );
}
