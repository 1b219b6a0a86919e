/**
 * Project keys and task keys (issue 18, decision 028): a project's key is 2 to 6 capital
 * letters A–Z, unique per instance; a task's key is its project's key and its number in the
 * project, "WEB-42".
 */

export const PROJECT_KEY_MIN = 2;
export const PROJECT_KEY_MAX = 6;
export const PROJECT_KEY_PATTERN = /^[A-Z]{2,6}$/;
export const PROJECT_KEY_MESSAGE = 'Key must be 2 to 6 letters A–Z';

/** A task's key as a client may write it: any case, the number without leading zeros. */
const TASK_KEY_PATTERN = /^([A-Za-z]{2,6})-([1-9]\d{0,8})$/;

/** The key used when a name has fewer than two Latin letters to propose one from. */
const FALLBACK_KEY = 'PRJ';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The name's words, each reduced to its Latin letters A–Z (accents dropped), empty ones left out. */
function wordsOf(name: string): string[] {
  return name
    .split(/[\s\p{P}\p{S}]+/u)
    .map((word) =>
      word
        .normalize('NFKD')
        .toUpperCase()
        .replace(/[^A-Z]/g, ''),
    )
    .filter((word) => word.length > 0);
}

/**
 * The key proposed for a project's name: the initials of its words ("Web Platform" -> "WP", up
 * to six), or the first three letters of a one-word name ("Website" -> "WEB").
 */
export function proposeProjectKey(name: string): string {
  const words = wordsOf(name);
  const letters = words.join('');
  let key = words.length >= 2 ? words.map((word) => word[0]).join('').slice(0, PROJECT_KEY_MAX) : letters.slice(0, 3);
  if (key.length < PROJECT_KEY_MIN) key = letters.slice(0, 3);
  return key.length < PROJECT_KEY_MIN ? FALLBACK_KEY : key;
}

/**
 * Every key to try for a project's name, in order, when it is given none: the proposal, then the
 * name's letters taken longer ("WEBS", "WEBSI", ...), then the proposal with one letter added
 * ("WEBA" ... "WEBZ"), then with two ("WEBAA" ... "WEBZZ"; a proposal of five or six letters is cut to make room). The server takes the first that no
 * project holds, so the choice is deterministic.
 */
export function projectKeyCandidates(name: string): string[] {
  const base = proposeProjectKey(name);
  const letters = wordsOf(name).join('');
  const candidates = new Set<string>([base]);
  for (let length = base.length + 1; length <= PROJECT_KEY_MAX && length <= letters.length; length++) {
    candidates.add(letters.slice(0, length));
  }
  const one = base.slice(0, PROJECT_KEY_MAX - 1);
  for (const a of ALPHABET) candidates.add(one + a);
  const two = base.slice(0, PROJECT_KEY_MAX - 2);
  for (const a of ALPHABET) for (const b of ALPHABET) candidates.add(two + a + b);
  return [...candidates];
}

/** "WEB-42" from its project's key and its number. */
export function formatTaskKey(projectKey: string, number: number): string {
  return `${projectKey}-${number}`;
}

/** The project key and number a task key names (any case: "web-42" is WEB-42), or null. */
export function parseTaskKey(text: string): { projectKey: string; number: number } | null {
  const match = TASK_KEY_PATTERN.exec(text.trim());
  if (!match) return null;
  return { projectKey: match[1]!.toUpperCase(), number: Number(match[2]) };
}

export function isTaskKey(text: string): boolean {
  return parseTaskKey(text) !== null;
}
