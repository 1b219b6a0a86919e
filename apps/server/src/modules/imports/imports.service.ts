import {
  IMPORT_FILE_FIELD,
  IMPORT_MAPPING_FIELD,
  IMPORT_PROJECT_ID_FIELD,
  IMPORT_PROJECT_NAME_FIELD,
  IMPORT_SOURCE_FIELD,
  cleanFileName,
  todoImportSources,
  workspaceImportSources,
  type ImportJob,
  type ImportSummary,
} from '@tasklane/contract';
import { badRequest, notFoundOrNotYours } from '../../http/errors.js';
import { removeStoredFiles, uploadErrors, type UploadLimits, type UploadPart } from '../attachments/upload.js';
import type { Actor, ServiceContext } from '../context.js';
import type { UserRow } from '../users/users.repo.js';
import { getVisibleWorkspace } from '../workspaces/workspaces.service.js';
import { readStoredFile } from './import-file.js';
import type { ImportOptions } from './importers/importer.js';
import { importerFor } from './importers/registry.js';
import * as repo from './imports.repo.js';

/** The import runner of this process, woken when a job is queued. */
export type ImportWaker = { wake(): void };

type Received = { source: string; options: ImportOptions; file: { key: string; name: string; size: number } | undefined };

const TEXT_FIELDS: Record<string, keyof ImportOptions | 'source'> = {
  [IMPORT_SOURCE_FIELD]: 'source',
  [IMPORT_MAPPING_FIELD]: 'mapping',
  [IMPORT_PROJECT_NAME_FIELD]: 'projectName',
  [IMPORT_PROJECT_ID_FIELD]: 'projectId',
};

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

async function discard(part: UploadPart) {
  if (part.kind !== 'file') return;
  try {
    for await (const _chunk of part.stream) {
      // dropped
    }
  } catch {
    // cut short: the parts iterator says why
  }
}

/**
 * Reads the form: its text fields, and its one file streamed into the file store. A failure
 * (the file too large, a second file, an unknown field) removes the stored file and is thrown
 * once the body has been read, so the client gets the answer.
 */
async function receiveImport(ctx: ServiceContext, parts: AsyncIterable<UploadPart>, limits: UploadLimits): Promise<Received> {
  const received: Received = { source: '', options: {}, file: undefined };
  let failure: unknown;
  try {
    for await (const part of parts) {
      if (failure !== undefined) {
        await discard(part);
        continue;
      }
      try {
        if (part.kind === 'field') {
          const name = TEXT_FIELDS[part.field];
          if (!name) failure = fieldError(part.field, `Unknown field "${part.field}"`);
          else if (part.isTruncated) failure = fieldError(part.field, `${part.field} is too long`);
          else if (name === 'source') received.source = part.value.trim();
          else received.options[name] = part.value;
          continue;
        }
        if (part.field !== IMPORT_FILE_FIELD) {
          failure = fieldError(part.field, `Send the file in the field "${IMPORT_FILE_FIELD}"`);
          await discard(part);
          continue;
        }
        const stored = await ctx.files.put(part.stream);
        const name = cleanFileName(part.fileName);
        if (part.isTruncated()) {
          await ctx.files.remove(stored.id);
          failure = uploadErrors.fileTooLarge(limits, name);
        } else if (stored.size === 0) {
          await ctx.files.remove(stored.id);
          failure = fieldError(IMPORT_FILE_FIELD, part.fileName ? `"${name}" is empty` : 'Choose a file to import');
        } else {
          received.file = { key: stored.id, name, size: stored.size };
        }
      } catch (error) {
        failure = part.kind === 'file' && part.stream.errored ? uploadErrors.interrupted() : error;
        await discard(part);
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure === undefined && !received.file) failure = fieldError(IMPORT_FILE_FIELD, 'Choose a file to import');
  if (failure !== undefined) {
    if (received.file) await removeStoredFiles(ctx.files, [received.file.key]);
    throw failure;
  }
  return received;
}

export function presentImportJob(row: repo.ImportJobView): ImportJob {
  return {
    _id: row.id,
    source: row.source,
    status: row.status,
    fileName: row.fileName,
    progress: { done: row.progressDone, total: row.progressTotal },
    summary: row.summary as ImportSummary,
    ...(row.workspaceId ? { workspaceId: row.workspaceId } : {}),
    ...(row.projectId ? { projectId: row.projectId } : {}),
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/**
 * Starts an import: the upload is stored, parsed (a file that is not what its source says is a
 * 400 here, not a failed job) and authorized, then queued for the runners. Answers the queued job.
 */
export async function startImport(
  ctx: ServiceContext & { imports?: ImportWaker },
  actor: Actor,
  scope: 'workspace' | 'todos',
  workspaceId: string | null,
  parts: AsyncIterable<UploadPart>,
): Promise<ImportJob> {
  // Before a byte is stored: a workspace the caller cannot see is 404.
  const isWorkspaceOwner = workspaceId ? (await getVisibleWorkspace(ctx, actor, workspaceId)).isOwner : false;
  const limits = { maxFileBytes: ctx.config.uploads.maxFileBytes, maxFiles: 1 };
  const received = await receiveImport(ctx, parts, limits);
  const file = received.file!;
  try {
    // The sources this route takes that this server has an importer for.
    const allowed = (scope === 'workspace' ? workspaceImportSources : todoImportSources).filter((source) => importerFor(source)?.scope === scope) as string[];
    const importer = importerFor(received.source);
    if (!importer || !allowed.includes(received.source)) {
      const choices = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : (allowed[0] ?? '');
      throw fieldError(IMPORT_SOURCE_FIELD, received.source ? `Unknown source "${received.source}": use ${choices}` : `Choose a source: ${choices}`);
    }
    const plan = importer.parse(await readStoredFile(ctx.files, file.key), received.options);
    await importer.authorize(ctx, actor, { workspaceId, isWorkspaceOwner }, plan);
    const row = await repo.insertImportJob(ctx.db, {
      ownerId: actor.id,
      source: importer.source,
      workspaceId,
      fileKey: file.key,
      fileName: file.name,
      options: received.options,
      total: importer.total(plan),
    });
    ctx.imports?.wake();
    return presentImportJob(row);
  } catch (error) {
    await removeStoredFiles(ctx.files, [file.key]);
    throw error;
  }
}

export async function getImport(ctx: ServiceContext, user: UserRow, importId: string): Promise<ImportJob> {
  const row = await repo.findOwnImportJob(ctx.db, importId, user.id);
  if (!row) throw notFoundOrNotYours('Import');
  return presentImportJob(row);
}
