import type { Db } from '../../../db/client.js';
import { badRequest, forbidden } from '../../../http/errors.js';
import { canManageWorkspace } from '../../workspaces/workspaces.policy.js';
import { findUsersByEmailOrUsername } from './import-writes.repo.js';
import { addImportMember, createImportFeature, createImportProject, ensureImportedCategory } from './import-project.js';
import { addImportedComment, createImportedTask, fitTags, fitText, MAX_DESCRIPTION, MAX_TITLE, type RankBook } from './imported-tasks.js';
import { parseDay } from './dates.js';
import type { Importer, ImportRun } from './importer.js';

/**
 * Trello board exports (Board menu > Print, export and share > Export as JSON): the board becomes
 * a project, each open list a feature, each open card a task (labels as tags, checklists as
 * subtasks, comments with their author and time in the text). Missing fields are tolerated;
 * a file that is not a board at all is a 400.
 */

type TrelloComment = { author: string; date: string; text: string };
type TrelloCard = {
  id: string;
  name: string;
  desc: string;
  due: string | null;
  isDueComplete: boolean;
  listId: string;
  labels: string[];
  memberIds: string[];
  checklists: { name: string; items: { name: string; isDone: boolean }[] }[];
  comments: TrelloComment[];
};
type TrelloMember = { id: string; fullName: string; username: string; email: string | null };

export type TrelloPlan = {
  name: string;
  /** The project's name when the person gave one, else the board's. */
  projectName: string | null;
  desc: string;
  lists: { id: string; name: string }[];
  cards: TrelloCard[];
  members: TrelloMember[];
  /** Archived lists and cards, and cards whose list is not in the file. */
  skipped: { item: string; reason: string }[];
};

type TrelloState = {
  projectId: string;
  categoryId: string;
  featureIds: Record<string, string>;
  userIds: Record<string, string>;
  next: number;
  ranks: RankBook;
};

const NOT_A_BOARD = "This is not a Trello board export: expected Trello's JSON export of a board, with its name, lists and cards";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const position = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const byPosition = <T extends { pos: number }>(items: T[]) => items.map((item, index) => ({ item, index })).sort((a, b) => a.item.pos - b.item.pos || a.index - b.index).map(({ item }) => item);

export function parseTrelloBoard(file: Buffer, projectName?: string): TrelloPlan {
  let board: unknown;
  try {
    board = JSON.parse(file.toString('utf8'));
  } catch {
    throw badRequest(`${NOT_A_BOARD} (the file is not valid JSON)`);
  }
  if (!isObject(board) || typeof board.name !== 'string' || !Array.isArray(board.lists) || !Array.isArray(board.cards)) throw badRequest(NOT_A_BOARD);

  const skipped: TrelloPlan['skipped'] = [];
  const allLists = byPosition(objects(board.lists).map((list) => ({ id: text(list.id), name: text(list.name), closed: list.closed === true, pos: position(list.pos) })));
  const openLists = allLists.filter((list) => !list.closed && list.id);
  const closedListIds = new Set(allLists.filter((list) => list.closed).map((list) => list.id));
  const listOrder = new Map(openLists.map((list, index) => [list.id, index]));

  const checklists = new Map<string, Json>();
  for (const checklist of objects(board.checklists)) checklists.set(text(checklist.id), checklist);
  const comments = new Map<string, TrelloComment[]>();
  for (const action of objects(board.actions)) {
    if (action.type !== 'commentCard' || !isObject(action.data)) continue;
    const cardId = isObject(action.data.card) ? text(action.data.card.id) : '';
    const body = text(action.data.text);
    if (!cardId || !body.trim()) continue;
    const creator = isObject(action.memberCreator) ? action.memberCreator : {};
    const author = text(creator.fullName) || text(creator.username) || 'Someone';
    const list = comments.get(cardId) ?? [];
    list.push({ author, date: text(action.date), text: body });
    comments.set(cardId, list);
  }

  const rawCards = objects(board.cards).map((card) => ({ card, pos: position(card.pos) }));
  const cardsByList = new Map<string, TrelloCard[]>();
  const archivedInList = new Map<string, number>();
  for (const { card } of byPosition(rawCards)) {
    const name = text(card.name).trim() || 'Untitled card';
    const listId = text(card.idList);
    if (closedListIds.has(listId)) {
      archivedInList.set(listId, (archivedInList.get(listId) ?? 0) + 1);
      continue;
    }
    if (card.closed === true) {
      skipped.push({ item: `Card "${name}"`, reason: 'Archived card' });
      continue;
    }
    if (!listOrder.has(listId)) {
      skipped.push({ item: `Card "${name}"`, reason: 'Its list is not in the export' });
      continue;
    }
    const cardChecklists = (Array.isArray(card.idChecklists) ? card.idChecklists : [])
      .map((id) => checklists.get(text(id)))
      .filter((checklist): checklist is Json => checklist !== undefined);
    // Checklists that name the card but are not listed on it (older exports) count too.
    for (const checklist of checklists.values()) {
      if (text(checklist.idCard) === text(card.id) && !cardChecklists.includes(checklist)) cardChecklists.push(checklist);
    }
    const ordered = byPosition(cardChecklists.map((checklist) => ({ checklist, pos: position(checklist.pos) })));
    const cardComments = [...(comments.get(text(card.id)) ?? [])].sort((a, b) => a.date.localeCompare(b.date));
    const list = cardsByList.get(listId) ?? [];
    list.push({
      id: text(card.id),
      name,
      desc: text(card.desc),
      due: typeof card.due === 'string' && card.due ? card.due : null,
      isDueComplete: card.dueComplete === true,
      listId,
      labels: objects(card.labels).map((label) => text(label.name).trim() || text(label.color)).filter(Boolean),
      memberIds: (Array.isArray(card.idMembers) ? card.idMembers : []).map(text).filter(Boolean),
      checklists: ordered.map(({ checklist }) => ({
        name: text(checklist.name),
        items: byPosition(objects(checklist.checkItems).map((item) => ({ name: text(item.name).trim(), isDone: item.state === 'complete', pos: position(item.pos) })))
          .filter((item) => item.name)
          .map(({ name: itemName, isDone }) => ({ name: itemName, isDone })),
      })),
      comments: cardComments,
    });
    cardsByList.set(listId, list);
  }
  for (const list of allLists.filter((entry) => entry.closed)) {
    const count = archivedInList.get(list.id) ?? 0;
    skipped.push({ item: `List "${list.name || 'Untitled list'}"`, reason: `Archived list${count ? ` (its ${count} card${count === 1 ? '' : 's'} not imported)` : ''}` });
  }
  return {
    name: board.name,
    projectName: projectName?.trim() || null,
    desc: text(board.desc),
    lists: openLists.map((list) => ({ id: list.id, name: list.name })),
    cards: openLists.flatMap((list) => cardsByList.get(list.id) ?? []),
    members: objects(board.members)
      .map((member) => ({ id: text(member.id), fullName: text(member.fullName), username: text(member.username), email: text(member.email) || null }))
      .filter((member) => member.id),
    skipped,
  };
}

/** "Jane Doe, 2 Mar 2025 14:05 UTC, on Trello": who wrote a comment and when, above its text. */
function commentText(comment: TrelloComment): string {
  const date = new Date(comment.date);
  const when = Number.isNaN(date.getTime()) ? '' : `, ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `**${comment.author}**${when} (on Trello):\n\n${comment.text}`;
}

async function setUp(tx: Db, run: ImportRun<TrelloPlan>): Promise<TrelloState> {
  const { plan, actor, summary } = run;
  const categoryId = await ensureImportedCategory(tx, actor);
  const name = fitText(plan.projectName ?? plan.name, 100) || 'Trello board';
  const projectId = await createImportProject(tx, actor, run.workspaceId!, name, fitText(plan.desc, MAX_DESCRIPTION));
  run.setProjectId(projectId);
  summary.created('projects');
  const featureIds: Record<string, string> = {};
  for (const list of plan.lists) {
    featureIds[list.id] = await createImportFeature(tx, actor, projectId, list.name || 'Untitled list', categoryId);
    summary.created('features');
  }
  const found = await findUsersByEmailOrUsername(
    tx,
    plan.members.flatMap((member) => (member.email ? [member.email] : [])),
    plan.members.map((member) => member.username).filter(Boolean),
  );
  const userIds: Record<string, string> = {};
  for (const member of plan.members) {
    const user =
      found.find((candidate) => member.email && candidate.email === member.email.toLowerCase()) ??
      found.find((candidate) => member.username && candidate.username.toLowerCase() === member.username.toLowerCase());
    const label = `Member "${member.fullName || member.username}"${member.username ? ` (@${member.username})` : ''}`;
    if (!user) {
      summary.skipped(label, 'No Tasklane user has this email or username: their cards are imported unassigned');
      continue;
    }
    userIds[member.id] = user.id;
    await addImportMember(tx, actor, projectId, user.id, summary);
  }
  for (const item of plan.skipped) summary.skipped(item.item, item.reason);
  return { projectId, categoryId, featureIds, userIds, next: 0, ranks: {} };
}

export const trelloImporter: Importer<TrelloPlan, TrelloState> = {
  source: 'trello',
  scope: 'workspace',
  parse: (file, options) => parseTrelloBoard(file, options.projectName),
  async authorize(_ctx, _actor, target) {
    if (!canManageWorkspace({ isOwner: target.isWorkspaceOwner })) throw forbidden('Only the workspace owner can import a board into it');
  },
  total: (plan) => plan.cards.length,
  async runBatch(tx, run, state, limit) {
    if (!state) {
      const fresh = await setUp(tx, run);
      return { state: fresh, done: 0, isFinished: run.plan.cards.length === 0 };
    }
    const { plan, actor, summary } = run;
    const end = Math.min(plan.cards.length, state.next + limit);
    for (let index = state.next; index < end; index++) {
      const card = plan.cards[index]!;
      const base = {
        projectId: state.projectId,
        featureId: state.featureIds[card.listId]!,
        categoryId: state.categoryId,
        priority: 'MEDIUM' as const,
        tags: [],
        dueDate: null,
      };
      const assigneeId = card.memberIds.map((id) => state.userIds[id]).find((id) => id !== undefined) ?? null;
      const taskId = await createImportedTask(tx, actor, state.ranks, {
        ...base,
        title: fitText(card.name, MAX_TITLE),
        description: fitText(card.desc, MAX_DESCRIPTION),
        status: card.isDueComplete ? 'COMPLETED' : 'TODO',
        assigneeId,
        dueDate: card.due ? (parseDay(card.due) ?? null) : null,
        tags: fitTags(card.labels),
        parentTaskId: null,
      });
      summary.created('tasks');
      const hasSeveral = card.checklists.length > 1;
      for (const checklist of card.checklists) {
        for (const item of checklist.items) {
          await createImportedTask(tx, actor, state.ranks, {
            ...base,
            title: fitText(hasSeveral && checklist.name ? `${checklist.name}: ${item.name}` : item.name, MAX_TITLE),
            description: '',
            status: item.isDone ? 'COMPLETED' : 'TODO',
            assigneeId: null,
            parentTaskId: taskId,
          });
          summary.created('subtasks');
        }
      }
      for (const comment of card.comments) {
        await addImportedComment(tx, actor, taskId, commentText(comment));
        summary.created('comments');
      }
    }
    return { state: { ...state, next: end }, done: end, isFinished: end >= plan.cards.length };
  },
};
