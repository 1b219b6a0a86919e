import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Category } from '@tasklane/contract';
import type { SignedInUser } from './factories.js';
import type { TestResponse, TestServer } from './test-server.js';

/*
 * Round trips: what a client read, changed in one field and sent back whole. Each resource says
 * how to make one, every route that reads it, how to write it back and which one-field changes a
 * client may make (with what the server then answers for that field).
 */

export type Item = Record<string, unknown> & { _id: string };

/**
 * One changed field: what the client puts in the body, and what a read then answers for it.
 * `merge`: both are partial objects laid over the field's current value (one key of `settings`).
 * `alsoMoves`: fields the server derives from this one (a todo's completedAt from its status).
 */
export type Change = { field: string; sent: unknown; expected: unknown; merge?: boolean; alsoMoves?: string[] };

export type RoundTrip = {
  name: string;
  /** Makes a fresh one for one run; its answer is read back by id. */
  create(): Promise<Item>;
  /** The item as each route that answers it shows it (its list or lists, then its detail if any). */
  read(id: string, hint: Item): Promise<Item[]>;
  /** Sends the body back: PUT for what has one; POST (a copy) for what is only ever created. */
  write(read: Item, body: Record<string, unknown>): Promise<TestResponse>;
  /** The written item, from the write's answer. */
  written(response: TestResponse): Item;
  changes: fc.Arbitrary<Change>;
  /** True when the write makes a new item (POST): its _id and createdAt are its own. */
  isCopy?: boolean;
};

/** What any write legitimately moves besides the changed field. */
export const movedByAnyWrite = ['updatedAt', 'version', 'history'];

/** An item in a list answer, by id; fails loudly when it is missing. */
export function pick(items: unknown, id: string, route: string): Item {
  const found = (items as Item[] | undefined)?.find((item) => item._id === id);
  if (!found) throw new Error(`${route} does not list ${id}`);
  return found;
}

export async function readOk(server: TestServer, cookie: string, path: string): Promise<any> {
  const response = await server.request('GET', path, { cookie });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${response.text}`);
  return response.body;
}

export async function createOk(server: TestServer, cookie: string, path: string, body: unknown): Promise<any> {
  const response = await server.request('POST', path, { cookie, body });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${response.text}`);
  return response.body;
}

export function without(item: Item, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !keys.includes(key)));
}

/* Values a client may type. */

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9]{0,11}$/);

/** Text with the padding a form may leave around it; the server trims it. */
export const text = (maxWords: number) =>
  fc
    .tuple(fc.array(word, { minLength: 1, maxLength: maxWords }), fc.constantFrom('', ' ', '  '))
    .map(([words, pad]) => ({ sent: `${pad}${words.join(' ')}${pad}`, expected: words.join(' ') }));

export const textChange = (field: string, maxWords = 6) =>
  text(maxWords).map(({ sent, expected }): Change => ({ field, sent, expected }));

export const enumChange = (field: string, values: readonly string[], alsoMoves?: string[]) =>
  fc.constantFrom(...values).map((value): Change => ({ field, sent: value, expected: value, alsoMoves }));

export const hoursChange = (field: string) =>
  fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }).map((value): Change => ({ field, sent: value, expected: value }));

/** A due day, sent as the day or as a timestamp of it (or null); it reads back at UTC midnight. */
export const dueDateChange = (field = 'dueDate') => {
  const day = fc
    .tuple(fc.integer({ min: 2030, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.boolean())
    .map(([year, month, date, asTimestamp]): Change => {
      const ymd = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
      return { field, sent: asTimestamp ? `${ymd}T12:30:00.000Z` : ymd, expected: `${ymd}T00:00:00.000Z` };
    });
  return fc.oneof(day, fc.constant<Change>({ field, sent: null, expected: null }));
};

export const tagsChange = fc
  .uniqueArray(word.map((value) => value.toLowerCase()), { maxLength: 5 })
  .map((tags): Change => ({ field: 'tags', sent: tags, expected: tags }));

/**
 * A reference set to `target` (as a read shows it), sent the ways a client may send it: the id,
 * an object with only `_id`, or the whole object as some read showed it.
 */
export function referenceChange(field: string, targets: Array<Item | null>) {
  return fc
    .tuple(fc.constantFrom(...targets), fc.constantFrom('id', 'object with _id', 'whole object'))
    .map(([target, form]): Change => {
      if (target === null) return { field, sent: null, expected: null };
      const sent = form === 'id' ? target._id : form === 'object with _id' ? { _id: target._id } : { ...target, extra: 'ignored' };
      return { field, sent, expected: target };
    });
}

/* The data a run's writes refer to. */

export type World = {
  owner: SignedInUser;
  member: SignedInUser;
  workspaceId: string;
  projectId: string;
  featureIds: [string, string];
  categories: Record<'TODO' | 'TASK' | 'PROJECT', [Category, Category]>;
};

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}
