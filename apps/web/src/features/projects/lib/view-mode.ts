export type ViewMode = 'grid' | 'list';

export const VIEW_MODE_STORAGE_KEY = 'tasklane.projects.view';

/** The remembered grid/list choice of the own-projects overview; grid unless 'list' was stored. */
export function readViewMode(storage: Pick<Storage, 'getItem'> | undefined): ViewMode {
  try {
    return storage?.getItem(VIEW_MODE_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    // Storage may be unavailable (privacy settings): the default is fine.
    return 'grid';
  }
}

export function writeViewMode(storage: Pick<Storage, 'setItem'> | undefined, mode: ViewMode): void {
  try {
    storage?.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Not remembered, still applied.
  }
}
