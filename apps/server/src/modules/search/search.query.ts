import {
  featureStatuses,
  priorities,
  projectStatuses,
  searchTypes,
  taskStatuses,
  todoStatuses,
  type Priority,
  type SearchType,
} from '@tasklane/contract';
import { badRequest } from '../../http/errors.js';

/**
 * What `q` of GET /search asks for (decision 029): words, each of which must match, and filters
 * (`is:open`, `is:mine`, `status:<status>`, `priority:<priority>`, `project:<name>` or
 * `project:"two words"`), each of which narrows the kinds searched to those it applies to.
 */
export type ParsedSearch = {
  /** Lower-cased runs of letters and digits, each once: every one must match (as a word beginning, or by trigram similarity). */
  terms: string[];
  isOpen: boolean;
  isMine: boolean;
  /** Upper-cased statuses; a kind is searched only if one of them is among its statuses. */
  statuses: string[];
  priorities: Priority[];
  /** Names (beginnings of names, any case) of the projects to search in. */
  projects: string[];
  /** A task key such as WEB-42 (issue 18, task keys), matched by the repo once projects carry keys. */
  taskKey: { key: string; number: number } | undefined;
  /** The kinds to search: those asked for (all by default) that every filter applies to. */
  types: SearchType[];
};

/** More words than this are not searched: a pasted paragraph still finds by its first words. */
export const MAX_TERMS = 10;

const statusesOf: Record<SearchType, readonly string[]> = {
  task: taskStatuses,
  todo: todoStatuses,
  feature: featureStatuses,
  project: projectStatuses,
  workspace: [],
  comment: [],
};
const allStatuses = [...new Set([...taskStatuses, ...todoStatuses, ...featureStatuses, ...projectStatuses])];

/** The kinds each filter applies to. */
const OPEN_TYPES: readonly SearchType[] = ['task', 'todo'];
const MINE_TYPES: readonly SearchType[] = ['task', 'todo'];
const PRIORITY_TYPES: readonly SearchType[] = ['task', 'feature', 'project', 'todo'];
const PROJECT_TYPES: readonly SearchType[] = ['task', 'feature', 'project', 'comment'];

const FILTER = /^(is|status|priority|project):(.*)$/is;
const TOKEN = /(\S+?:"[^"]*"?)|("[^"]*"?)|(\S+)/g;
const TERM = /[\p{L}\p{N}]+/gu;
const TASK_KEY = /^([A-Za-z]{2,6})-(\d{1,9})$/;

const invalid = (message: string) => badRequest(message, [{ field: 'q', message }]);
const unquote = (value: string) => value.replace(/^"/, '').replace(/"$/, '').trim();

/** A status as people type it: `in_review`, `in-review`, `In Review`, and BLOCK for BLOCKED. */
function statusOf(value: string): string {
  const status = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (status === '') throw invalid(`status: needs a status, one of ${allStatuses.join(', ')}`);
  const named = status === 'BLOCK' ? 'BLOCKED' : status;
  if (!allStatuses.includes(named as (typeof allStatuses)[number])) {
    throw invalid(`Unknown status "${value.trim()}": use one of ${allStatuses.join(', ')}`);
  }
  return named;
}

function priorityOf(value: string): Priority {
  const priority = value.trim().toUpperCase();
  if (!(priorities as readonly string[]).includes(priority)) throw invalid(`Unknown priority "${value.trim()}": use one of ${priorities.join(', ')}`);
  return priority as Priority;
}

/** Splits `q` into words and filters; throws 400 (naming `q`) for a filter it cannot understand. */
export function parseSearch(q: string, requestedTypes: readonly SearchType[] = searchTypes): ParsedSearch {
  const parsed: ParsedSearch = {
    terms: [],
    isOpen: false,
    isMine: false,
    statuses: [],
    priorities: [],
    projects: [],
    taskKey: undefined,
    types: [...requestedTypes],
  };
  const words: string[] = [];
  for (const [token] of q.matchAll(TOKEN)) {
    const filter = FILTER.exec(token);
    if (!filter) {
      const word = unquote(token);
      const key = TASK_KEY.exec(word);
      if (key && !parsed.taskKey) parsed.taskKey = { key: key[1]!.toUpperCase(), number: Number(key[2]) };
      words.push(word);
      continue;
    }
    const name = filter[1]!.toLowerCase();
    const value = unquote(filter[2]!);
    if (name === 'is') {
      const flag = value.toLowerCase();
      if (flag === 'open') parsed.isOpen = true;
      else if (flag === 'mine') parsed.isMine = true;
      else throw invalid(`Unknown filter "is:${value}": use is:open or is:mine`);
    } else if (name === 'status') {
      parsed.statuses.push(statusOf(value));
    } else if (name === 'priority') {
      parsed.priorities.push(priorityOf(value));
    } else {
      if (value === '') throw invalid('project: needs a project name, such as project:Website or project:"Mobile app"');
      parsed.projects.push(value);
    }
  }
  const terms = words.flatMap((word) => [...word.toLowerCase().matchAll(TERM)].map((match) => match[0]));
  parsed.terms = [...new Set(terms)].slice(0, MAX_TERMS);
  parsed.statuses = [...new Set(parsed.statuses)];
  parsed.priorities = [...new Set(parsed.priorities)];
  parsed.projects = [...new Set(parsed.projects)];

  const keep = (applies: (type: SearchType) => boolean) => (parsed.types = parsed.types.filter(applies));
  if (parsed.isOpen) keep((type) => OPEN_TYPES.includes(type));
  if (parsed.isMine) keep((type) => MINE_TYPES.includes(type));
  if (parsed.statuses.length > 0) keep((type) => parsed.statuses.some((status) => statusesOf[type].includes(status)));
  if (parsed.priorities.length > 0) keep((type) => PRIORITY_TYPES.includes(type));
  if (parsed.projects.length > 0) keep((type) => PROJECT_TYPES.includes(type));
  return parsed;
}

/** The statuses of `type` among those asked for (the status filter of that kind's rows). */
export function statusesFor(parsed: ParsedSearch, type: SearchType): string[] {
  return parsed.statuses.filter((status) => statusesOf[type].includes(status));
}

/** Whether anything narrows the search besides the kinds: without terms or filters there is nothing to look for. */
export function hasCriteria(parsed: ParsedSearch): boolean {
  return (
    parsed.terms.length > 0 ||
    parsed.isOpen ||
    parsed.isMine ||
    parsed.statuses.length > 0 ||
    parsed.priorities.length > 0 ||
    parsed.projects.length > 0
  );
}
