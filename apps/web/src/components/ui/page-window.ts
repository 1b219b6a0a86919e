/**
 * The page numbers a pager shows: at most `size` of them (SPEC 9: five), a window that keeps
 * the current page in view, starting at 1 while that is possible.
 */
export function pageWindow(current: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const count = Math.min(size, pages);
  const page = Math.min(Math.max(1, current), pages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
