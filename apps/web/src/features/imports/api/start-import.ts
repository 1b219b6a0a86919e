import { useMutation } from '@tanstack/react-query';
import { operations, type CsvMapping } from '@tasklane/contract';
import { uploadWithProgress } from '@/lib/api-client';

export type WorkspaceImportInput = {
  workspaceId: string;
  source: 'trello' | 'csv' | 'tasklane';
  file: File;
  mapping?: CsvMapping;
  projectName?: string;
  projectId?: string;
};

/** POST /api/v1/workspaces/{id}/imports: the file goes up, the server answers the queued job at once. */
export async function startWorkspaceImport(input: WorkspaceImportInput) {
  const form = new FormData();
  form.append('source', input.source);
  if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
  if (input.projectName) form.append('projectName', input.projectName);
  if (input.projectId) form.append('projectId', input.projectId);
  form.append('file', input.file);
  return (await uploadWithProgress(operations.imports.startWorkspace, { params: { id: input.workspaceId }, form })).data;
}

export function useStartWorkspaceImport() {
  return useMutation({ mutationFn: startWorkspaceImport });
}

/** POST /api/v1/todos/imports: a Todoist CSV into the caller's todos. */
export async function startTodoistImport(file: File) {
  const form = new FormData();
  form.append('source', 'todoist');
  form.append('file', file);
  return (await uploadWithProgress(operations.imports.startTodos, { form })).data;
}

export function useStartTodoistImport() {
  return useMutation({ mutationFn: startTodoistImport });
}
