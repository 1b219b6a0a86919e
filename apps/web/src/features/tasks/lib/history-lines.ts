import { formatShortDate, relationLabel, type TaskHistoryEntry } from '@tasklane/contract';

/**
 * One readable line per history entry (SPEC 3's actions with their details, as docs/api.md
 * lists them), ending with who made the change:
 *   'Status changed from TODO to IN_PROGRESS by Ada Lovelace'
 *   'Due date changed from Jan 5, 2025 to Not set by Ada Lovelace'
 *   'Attached design.pdf, notes.txt by Ada Lovelace — "first drafts"' (an upload's description last)
 * Statuses and priorities are shown as the API names them, as the spec's history does.
 */
export function describeHistoryEntry(entry: TaskHistoryEntry): string {
  const line = `${describeChange(entry)} by ${entry.userId?.fullName || 'a former user'}`;
  if (entry.action === 'ATTACHMENT_ADDED' && entry.details.description) return `${line} — "${entry.details.description}"`;
  return line;
}

const NOT_SET = 'Not set';

const hours = (value: number | null) => (value === null ? NOT_SET : String(value));
const day = (value: string | null) => formatShortDate(value, NOT_SET);

function describeChange(entry: TaskHistoryEntry): string {
  switch (entry.action) {
    case 'CREATED':
      return `Created with status ${entry.details.status} and priority ${entry.details.priority}`;
    case 'STATUS_CHANGED':
      return `Status changed from ${entry.details.from} to ${entry.details.to}`;
    case 'PRIORITY_CHANGED':
      return `Priority changed from ${entry.details.from} to ${entry.details.to}`;
    case 'DUE_DATE_CHANGED':
      return `Due date changed from ${day(entry.details.from)} to ${day(entry.details.to)}`;
    case 'ASSIGNEE_CHANGED': {
      const { from, to } = entry.details;
      if (to) return `Assigned to ${to.fullName}`;
      return from ? `Unassigned (was ${from.fullName})` : 'Unassigned';
    }
    case 'ESTIMATED_HOURS_CHANGED':
      return `Estimated hours changed from ${hours(entry.details.from)} to ${hours(entry.details.to)}`;
    case 'ACTUAL_HOURS_CHANGED':
      return `Actual hours changed from ${hours(entry.details.from)} to ${hours(entry.details.to)}`;
    case 'BLOCKED':
      return entry.details.reason ? `Blocked: ${entry.details.reason}` : 'Blocked';
    case 'UNBLOCKED':
      return `Unblocked with status ${entry.details.to}`;
    case 'UPDATED':
      return `Updated ${joinWords(Object.entries(entry.details).map(([field, change]) => describeField(field, change.from, change.to)))}`;
    case 'ATTACHMENT_ADDED': {
      const names = entry.details.added.map((file) => file.name);
      return `Attached ${names.length ? names.join(', ') : 'files'}`;
    }
    case 'ATTACHMENT_REMOVED':
      return `Removed ${entry.details.attachmentName}`;
    case 'RELATION_ADDED':
    case 'RELATION_REMOVED': {
      const { type, direction, task } = entry.details;
      const relation = `${relationLabel(type, direction).toLowerCase()} ${task.key} "${task.title}"`;
      return entry.action === 'RELATION_ADDED' ? `Marked as ${relation}` : `No longer ${relation}`;
    }
    case 'SUBTASK_ADDED':
      return `Added subtask ${entry.details.subtask.key} "${entry.details.subtask.title}"`;
    case 'SUBTASK_REMOVED':
      return `Deleted subtask ${entry.details.subtask.key} "${entry.details.subtask.title}"`;
  }
}

/** A field of an UPDATED entry: 'title from "a" to "b"', 'category from Bugs to Features', 'description'. */
function describeField(field: string, from: unknown, to: unknown): string {
  switch (field) {
    case 'title':
      return `title from ${quoted(from)} to ${quoted(to)}`;
    case 'description':
      return 'description';
    case 'tags':
      return `tags from ${tagList(from)} to ${tagList(to)}`;
    case 'categoryId':
      return `category from ${named(from, 'name', 'No category')} to ${named(to, 'name', 'No category')}`;
    case 'featureId':
      return `feature from ${named(from, 'title', 'another feature')} to ${named(to, 'title', 'another feature')}`;
    case 'blockedReason':
      return `blocked reason from ${quoted(from, 'none')} to ${quoted(to, 'none')}`;
    default:
      return field;
  }
}

function quoted(value: unknown, empty = '""'): string {
  return typeof value === 'string' && value !== '' ? `"${value}"` : empty;
}

function tagList(value: unknown): string {
  const tags = Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  return tags.length ? `"${tags.join(', ')}"` : 'none';
}

function named(value: unknown, key: 'name' | 'title', fallback: string): string {
  if (typeof value === 'object' && value !== null && key in value) {
    const text = (value as Record<string, unknown>)[key];
    if (typeof text === 'string' && text) return text;
  }
  return fallback;
}

/** 'a', 'a and b', 'a, b and c'. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
