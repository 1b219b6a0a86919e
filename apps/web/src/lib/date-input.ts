/**
 * An expiry picked in a date input (an invite's, an API token's): the end of that day where the
 * person is, in ISO; null for none ('') or a value that is not a date.
 */
export function endOfLocalDay(date: string): string | null {
  if (!date) return null;
  const end = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** Today as a date input's value (its `min`: an expiry cannot be in the past). */
export function todayInputValue(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
