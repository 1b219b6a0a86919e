export type TaskView = 'table' | 'board';

/** Per user, on this device: two people sharing a browser keep their own choice. */
export const taskViewStorageKey = (userId: string) => `tasklane.tasks.view.${userId}`;

/** The remembered Table / Board choice of the feature task list; the table unless 'board' was stored. */
export function readTaskView(storage: Pick<Storage, 'getItem'> | undefined, userId: string | undefined): TaskView {
  if (!userId) return 'table';
  try {
    return storage?.getItem(taskViewStorageKey(userId)) === 'board' ? 'board' : 'table';
  } catch {
    // Storage may be unavailable (privacy settings): the default is fine.
    return 'table';
  }
}

export function writeTaskView(storage: Pick<Storage, 'setItem'> | undefined, userId: string | undefined, view: TaskView): void {
  if (!userId) return;
  try {
    storage?.setItem(taskViewStorageKey(userId), view);
  } catch {
    // Not remembered, still applied.
  }
}
