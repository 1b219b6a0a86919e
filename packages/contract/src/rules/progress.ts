/** Progress percent = rounded completed/total, 0 when there are no tasks (SPEC.md section 9). */
export function computeProgress(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 100);
}
