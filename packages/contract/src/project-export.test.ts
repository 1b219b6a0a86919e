import { describe, expect, it } from 'vitest';
import { projectExportDocumentSchema, projectExportQuerySchema } from './project-export.js';

const at = '2026-11-28T21:40:00.123456Z';
const ada = { username: 'ada', email: 'ada@example.com', fullName: 'Ada Lovelace' };

function task(number: number, overrides: Record<string, unknown> = {}) {
  return {
    number,
    key: `WEB-${number}`,
    feature: 'F1',
    parent: null,
    subtaskPosition: 0,
    title: `Task ${number}`,
    description: '',
    status: 'TODO',
    priority: 'MEDIUM',
    assignee: null,
    dueDate: null,
    category: 'C1',
    estimatedHours: null,
    actualHours: null,
    tags: [],
    blockedReason: null,
    boardRank: 'a1',
    createdBy: ada,
    createdAt: at,
    updatedAt: at,
    comments: [],
    history: [{ action: 'CREATED', user: ada, details: { status: 'TODO', priority: 'MEDIUM' }, createdAt: at }],
    attachments: [],
    relations: [],
    ...overrides,
  };
}

function document(overrides: Record<string, unknown> = {}) {
  return {
    format: 'tasklane.project',
    version: 1,
    exportedAt: '2026-11-28T21:41:00.000Z',
    project: {
      name: 'Web',
      key: 'WEB',
      description: '',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      color: '#3B82F6',
      logo: null,
      coverImage: null,
      category: null,
      isActive: true,
      isPublic: false,
      allowMemberInvites: true,
      requireApproval: false,
      lastTaskNumber: 3,
      createdBy: ada,
      createdAt: at,
      updatedAt: at,
    },
    categories: [{ ref: 'C1', name: 'Bugs', type: 'TASK', color: '#EF4444' }],
    members: [{ user: ada, role: 'ADMIN', joinedAt: at }],
    features: [
      {
        ref: 'F1',
        title: 'Site',
        description: '',
        status: 'BACKLOG',
        priority: 'MEDIUM',
        dueDate: null,
        estimatedHours: null,
        actualHours: null,
        defaultCategory: null,
        createdBy: ada,
        createdAt: at,
        updatedAt: at,
      },
    ],
    tasks: [task(1), task(2, { parent: 1, relations: [{ type: 'BLOCKS', target: 1, createdBy: null, createdAt: at }] })],
    ...overrides,
  };
}

const fieldsOf = (value: unknown) => {
  const result = projectExportDocumentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('projectExportDocumentSchema', () => {
  it('reads a document as the export writes it', () => {
    expect(fieldsOf(document())).toEqual([]);
  });

  it('names what is not a Tasklane project export, or a version it does not know', () => {
    expect(fieldsOf({ ...document(), format: 'trello' })).toEqual(['format: Must be "tasklane.project": this is not a Tasklane project export']);
    expect(fieldsOf({ ...document(), version: 2 })).toEqual(['version: Must be 1: this version of the export format is not supported']);
  });

  it('checks that references resolve and subtasks stay one level deep in their feature', () => {
    const base = document();
    expect(fieldsOf({ ...base, tasks: [task(1, { category: 'C9' }), task(2, { parent: 3 }), task(3, { parent: 1, feature: 'F2' })] })).toEqual([
      'tasks.0.category: Category C9 is not in the categories section',
      'tasks.1.parent: Parent task 3 is itself a subtask',
      'tasks.2.feature: Feature F2 is not in the features section',
      'tasks.2.parent: Parent task 1 is in another feature',
    ]);
    expect(fieldsOf({ ...base, tasks: [task(1), task(1)] })).toEqual(['tasks.1.number: Task number 1 appears twice']);
    expect(fieldsOf({ ...base, project: { ...base.project, category: 'C1' } })).toEqual(['project.category: Category C1 must be a PROJECT category']);
    expect(fieldsOf({ ...base, tasks: [task(4)] })).toEqual(["tasks.0.number: Task number 4 is above the project's lastTaskNumber"]);
    expect(fieldsOf({ ...base, tasks: [task(1, { relations: [{ type: 'BLOCKS', target: 1, createdBy: null, createdAt: at }] })] })).toEqual([
      'tasks.0.relations.0.target: A task cannot be related to itself',
    ]);
  });

  it('keeps instants to the microsecond and refuses other dates', () => {
    const parsed = projectExportDocumentSchema.parse(document());
    expect(parsed.tasks[0]!.createdAt).toBe(at);
    expect(fieldsOf(document({ exportedAt: 'yesterday' }))).toEqual(['exportedAt: Must be an ISO timestamp such as 2026-01-31T12:00:00.000Z']);
    expect(fieldsOf(document({ tasks: [task(1, { dueDate: '2026-02-30' })] }))).toEqual(['tasks.0.dueDate: Must be a real date such as 2026-01-31']);
  });
});

describe('projectExportQuerySchema', () => {
  it('defaults to json and knows csv', () => {
    expect(projectExportQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(projectExportQuerySchema.parse({ format: 'csv' })).toEqual({ format: 'csv' });
    expect(projectExportQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });
});
