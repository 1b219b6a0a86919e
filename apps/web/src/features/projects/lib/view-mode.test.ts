import { describe, expect, it } from 'vitest';
import { readViewMode, VIEW_MODE_STORAGE_KEY, writeViewMode } from './view-mode';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('the remembered grid/list choice', () => {
  it('is grid by default and remembers list', () => {
    const storage = memoryStorage();
    expect(readViewMode(storage)).toBe('grid');
    writeViewMode(storage, 'list');
    expect(storage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('list');
    expect(readViewMode(storage)).toBe('list');
    writeViewMode(storage, 'grid');
    expect(readViewMode(storage)).toBe('grid');
  });

  it('ignores unknown values and unavailable storage', () => {
    const storage = memoryStorage();
    storage.setItem(VIEW_MODE_STORAGE_KEY, 'table');
    expect(readViewMode(storage)).toBe('grid');
    expect(readViewMode(undefined)).toBe('grid');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readViewMode(broken)).toBe('grid');
    expect(() => writeViewMode(broken, 'list')).not.toThrow();
  });
});
