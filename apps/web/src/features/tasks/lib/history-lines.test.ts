import { taskHistoryEntrySchema, type TaskHistoryEntry } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { describeHistoryEntry } from './history-lines';

const ada = { _id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', avatar: null };

/** An entry as the API sends it, checked against the contract so the tests cannot drift from it. */
function entry(action: string, details: unknown, userId: typeof ada | null = ada): TaskHistoryEntry {
  return taskHistoryEntrySchema.parse({ _id: 'h1', timestamp: '2025-01-05T10:00:00.000Z', userId, action, details });
}

describe('describeHistoryEntry', () => {
  it.each<[string, string, unknown, string]>([
    ['creation', 'CREATED', { status: 'TODO', priority: 'MEDIUM' }, 'Created with status TODO and priority MEDIUM by Ada Lovelace'],
    ['a status change', 'STATUS_CHANGED', { from: 'TODO', to: 'IN_PROGRESS' }, 'Status changed from TODO to IN_PROGRESS by Ada Lovelace'],
    ['a priority change', 'PRIORITY_CHANGED', { from: 'LOW', to: 'URGENT' }, 'Priority changed from LOW to URGENT by Ada Lovelace'],
    ['a subtask added', 'SUBTASK_ADDED', { subtask: { _id: 's1', key: 'WEB-8', title: 'Write the post' } }, 'Added subtask WEB-8 "Write the post" by Ada Lovelace'],
    ['a subtask deleted', 'SUBTASK_REMOVED', { subtask: { _id: 's1', key: 'WEB-8', title: 'Write the post' } }, 'Deleted subtask WEB-8 "Write the post" by Ada Lovelace'],
    [
      'a blocker added (issue 19)',
      'RELATION_ADDED',
      { relationId: 'r1', type: 'BLOCKS', direction: 'incoming', task: { _id: 't2', key: 'WEB-12', title: 'Design the schema' } },
      'Marked as blocked by WEB-12 "Design the schema" by Ada Lovelace',
    ],
    [
      'a relation removed (issue 19)',
      'RELATION_REMOVED',
      { relationId: 'r1', type: 'RELATES_TO', direction: 'outgoing', task: { _id: 't2', key: 'WEB-12', title: 'Design the schema' } },
      'No longer relates to WEB-12 "Design the schema" by Ada Lovelace',
    ],
    [
      'a cleared due date',
      'DUE_DATE_CHANGED',
      { from: '2025-01-05T00:00:00.000Z', to: null },
      'Due date changed from Jan 5, 2025 to Not set by Ada Lovelace',
    ],
    [
      'a set due date',
      'DUE_DATE_CHANGED',
      { from: null, to: '2025-12-31T00:00:00.000Z' },
      'Due date changed from Not set to Dec 31, 2025 by Ada Lovelace',
    ],
    [
      'an assignment',
      'ASSIGNEE_CHANGED',
      { from: null, to: { _id: 'u2', fullName: 'Grace Hopper' } },
      'Assigned to Grace Hopper by Ada Lovelace',
    ],
    [
      'a reassignment',
      'ASSIGNEE_CHANGED',
      { from: { _id: 'u2', fullName: 'Grace Hopper' }, to: { _id: 'u3', fullName: 'Alan Turing' } },
      'Assigned to Alan Turing by Ada Lovelace',
    ],
    [
      'an unassignment',
      'ASSIGNEE_CHANGED',
      { from: { _id: 'u2', fullName: 'Grace Hopper' }, to: null },
      'Unassigned (was Grace Hopper) by Ada Lovelace',
    ],
    ['estimated hours', 'ESTIMATED_HOURS_CHANGED', { from: null, to: 8 }, 'Estimated hours changed from Not set to 8 by Ada Lovelace'],
    ['actual hours', 'ACTUAL_HOURS_CHANGED', { from: 3, to: 0 }, 'Actual hours changed from 3 to 0 by Ada Lovelace'],
    ['a block with its reason', 'BLOCKED', { from: 'IN_PROGRESS', reason: 'Waiting for the API key' }, 'Blocked: Waiting for the API key by Ada Lovelace'],
    ['a block without a reason', 'BLOCKED', { from: 'TODO', reason: null }, 'Blocked by Ada Lovelace'],
    ['an unblock', 'UNBLOCKED', { to: 'IN_REVIEW', reason: 'Waiting' }, 'Unblocked with status IN_REVIEW by Ada Lovelace'],
    ['a title', 'UPDATED', { title: { from: 'a', to: 'b' } }, 'Updated title from "a" to "b" by Ada Lovelace'],
    ['the description', 'UPDATED', { description: { from: '', to: 'Long text' } }, 'Updated description by Ada Lovelace'],
    [
      'tags',
      'UPDATED',
      { tags: { from: [], to: ['api', 'web'] } },
      'Updated tags from none to "api, web" by Ada Lovelace',
    ],
    [
      'the category',
      'UPDATED',
      { categoryId: { from: { _id: 'c1', name: 'Bugs' }, to: { _id: 'c2', name: 'Features' } } },
      'Updated category from Bugs to Features by Ada Lovelace',
    ],
    [
      'a move to another feature',
      'UPDATED',
      { featureId: { from: { _id: 'f1', title: 'Login' }, to: { _id: 'f2', title: 'Signup' } } },
      'Updated feature from Login to Signup by Ada Lovelace',
    ],
    [
      'a new blocked reason',
      'UPDATED',
      { blockedReason: { from: 'Waiting', to: 'Still waiting' } },
      'Updated blocked reason from "Waiting" to "Still waiting" by Ada Lovelace',
    ],
    [
      'several fields at once',
      'UPDATED',
      { title: { from: 'a', to: 'b' }, description: { from: 'x', to: 'y' }, categoryId: { from: null, to: { _id: 'c1', name: 'Bugs' } } },
      'Updated title from "a" to "b", description and category from No category to Bugs by Ada Lovelace',
    ],
    [
      'an upload with its description',
      'ATTACHMENT_ADDED',
      {
        added: [
          { _id: 'a1', name: 'design.pdf', size: 2048 },
          { _id: 'a2', name: 'notes.txt', size: 12 },
        ],
        description: 'first drafts',
      },
      'Attached design.pdf, notes.txt by Ada Lovelace — "first drafts"',
    ],
    [
      'an upload without a description',
      'ATTACHMENT_ADDED',
      { added: [{ _id: 'a1', name: 'plan.pdf', size: 10 }], description: null },
      'Attached plan.pdf by Ada Lovelace',
    ],
    [
      'a removed attachment',
      'ATTACHMENT_REMOVED',
      { attachmentId: 'a1', attachmentName: 'design.pdf' },
      'Removed design.pdf by Ada Lovelace',
    ],
  ])('%s', (_label, action, details, line) => {
    expect(describeHistoryEntry(entry(action, details))).toBe(line);
  });

  it('puts the description of an upload by a former user last', () => {
    expect(describeHistoryEntry(entry('ATTACHMENT_ADDED', { added: [{ _id: 'a1', name: 'x.png', size: 1 }], description: 'Logo' }, null))).toBe(
      'Attached x.png by a former user — "Logo"',
    );
  });

  it('names a user who no longer exists', () => {
    expect(describeHistoryEntry(entry('STATUS_CHANGED', { from: 'TODO', to: 'COMPLETED' }, null))).toBe(
      'Status changed from TODO to COMPLETED by a former user',
    );
  });
});
