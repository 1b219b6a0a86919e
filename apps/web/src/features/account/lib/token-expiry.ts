/** A date input's value (YYYY-MM-DD, '' for none) as the end of that day where the person is, in ISO; null for none. */
export function endOfLocalDay(date: string): string | null {
  if (!date) return null;
  const end = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** Today as a date input's value (its `min`: a token cannot expire in the past). */
export function todayInputValue(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
