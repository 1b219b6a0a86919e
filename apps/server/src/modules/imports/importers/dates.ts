/**
 * A calendar day from what other tools write in a date cell: YYYY-MM-DD, an ISO timestamp (its
 * UTC day), YYYY/MM/DD, D/M/YYYY or M/D/YYYY when only one reading is a real date (13/02/2025,
 * 02/13/2025), D.M.YYYY, and English month names ("Jan 5 2025", "5 January 2025"). `null` for
 * an empty cell; `undefined` when the text is not one of these (an ambiguous 03/04/2025, "every
 * monday").
 */
export function parseDay(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (match) {
    if (match[4]) {
      const instant = new Date(value);
      return Number.isNaN(instant.getTime()) ? undefined : checked(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
    }
    return checked(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  match = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value);
  if (match) return checked(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (match) return checked(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = Number(match[3]);
    if (first > 12 && second <= 12) return checked(year, second, first);
    if (second > 12 && first <= 12) return checked(year, first, second);
    if (first === second) return checked(year, first, second);
    return undefined;
  }
  return monthNameDay(value);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNameDay(value: string): string | undefined {
  const words = value.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length !== 3) return undefined;
  const monthAt = words.findIndex((word) => MONTHS.includes(word.slice(0, 3)) && /^[a-z]+\.?$/.test(word));
  if (monthAt < 0 || monthAt === 2) return undefined;
  const dayWord = monthAt === 0 ? words[1]! : words[0]!;
  const day = /^(\d{1,2})(st|nd|rd|th)?$/.exec(dayWord);
  const year = /^\d{4}$/.exec(words[2]!);
  if (!day || !year) return undefined;
  return checked(Number(year[0]), MONTHS.indexOf(words[monthAt]!.slice(0, 3)) + 1, Number(day[1]));
}

function checked(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
