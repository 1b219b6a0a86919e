/** SPEC 9: at most 20 toasts on screen at once. */
export const MAX_VISIBLE_TOASTS = 20;

/** The toasts to dismiss so that at most `limit` stay visible: the oldest go first. */
export function toastsOverLimit(toasts: ReadonlyArray<{ id: string; visible: boolean; createdAt: number }>, limit = MAX_VISIBLE_TOASTS) {
  return toasts
    .filter((toast) => toast.visible)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(limit)
    .map((toast) => toast.id);
}
