import { importJobResponseSchema, type ImportJob } from '@tasklane/contract';
import { multipartBody, type FormPart } from './multipart.js';
import type { TestResponse, TestServer } from './test-server.js';

/** Sends an import's form: `fields` as text parts, then the file (when given) in `file`. */
export function sendImport(
  server: TestServer,
  cookie: string | undefined,
  path: string,
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array; contentType?: string },
): Promise<TestResponse> {
  const parts: FormPart[] = Object.entries(fields).map(([field, value]) => ({ field, value }));
  if (file) parts.push({ field: 'file', fileName: file.name, content: file.content, contentType: file.contentType ?? 'application/octet-stream' });
  const { body, contentType } = multipartBody(parts);
  return server.request('POST', path, { cookie, rawBody: body, headers: { 'content-type': contentType } });
}

/** Reads the job until it has ended (COMPLETED or FAILED), as the web app's progress bar does. */
export async function importEnded(server: TestServer, cookie: string, importId: string, timeoutMs = 60_000): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request('GET', `/api/v1/imports/${importId}`, { cookie });
    if (response.status !== 200) throw new Error(`GET import: ${response.status} ${response.text}`);
    const job = importJobResponseSchema.parse(response.body).data;
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${job.status} (${job.progress.done}/${job.progress.total})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type CardSpec = {
  name: string;
  list: string;
  desc?: string;
  due?: string | null;
  dueComplete?: boolean;
  labels?: { name: string; color: string }[];
  closed?: boolean;
  members?: string[];
  checklists?: { name: string; items: { name: string; state: 'complete' | 'incomplete' }[] }[];
  comments?: { text: string; fullName: string; username: string; date: string }[];
};

/** A Trello board export as Trello writes it (the fields Tasklane reads, and some it ignores). */
export function trelloBoard(spec: {
  name: string;
  desc?: string;
  lists: { id: string; name: string; closed?: boolean }[];
  cards: CardSpec[];
  members?: { id: string; fullName: string; username: string }[];
}) {
  const checklists: unknown[] = [];
  const actions: unknown[] = [];
  const cards = spec.cards.map((card, index) => {
    const id = `card${index}`;
    const idChecklists = (card.checklists ?? []).map((checklist, position) => {
      const checklistId = `${id}-cl${position}`;
      checklists.push({
        id: checklistId,
        idCard: id,
        name: checklist.name,
        pos: 16384 * (position + 1),
        checkItems: checklist.items.map((item, itemIndex) => ({ id: `${checklistId}-i${itemIndex}`, name: item.name, state: item.state, pos: 16384 * (itemIndex + 1) })),
      });
      return checklistId;
    });
    for (const comment of card.comments ?? []) {
      actions.push({ id: `a${actions.length}`, type: 'commentCard', date: comment.date, data: { text: comment.text, card: { id, name: card.name } }, memberCreator: { fullName: comment.fullName, username: comment.username } });
    }
    return {
      id,
      name: card.name,
      desc: card.desc ?? '',
      due: card.due ?? null,
      dueComplete: card.dueComplete ?? false,
      idList: card.list,
      labels: card.labels ?? [],
      closed: card.closed ?? false,
      idChecklists,
      idMembers: card.members ?? [],
      pos: 16384 * (index + 1),
      shortUrl: `https://trello.com/c/${id}`,
    };
  });
  return {
    id: 'board1',
    name: spec.name,
    desc: spec.desc ?? '',
    closed: false,
    prefs: { background: 'blue' },
    labels: [],
    lists: spec.lists.map((list, index) => ({ id: list.id, name: list.name, closed: list.closed ?? false, pos: 16384 * (index + 1), idBoard: 'board1' })),
    cards,
    checklists,
    // Trello lists actions newest first.
    actions: actions.reverse(),
    members: spec.members ?? [],
  };
}
