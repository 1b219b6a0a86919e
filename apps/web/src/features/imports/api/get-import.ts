import { useQuery } from '@tanstack/react-query';
import { operations, type ImportJob } from '@tasklane/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const POLL_MS = 1000;

export const isImportEnded = (job: ImportJob | undefined) => job?.status === 'COMPLETED' || job?.status === 'FAILED';

/** GET /api/v1/imports/{id}, polled every second until the job has ended. */
export function useImportJob(importId: string | null, initial?: ImportJob) {
  return useQuery({
    queryKey: queryKeys.importJob(importId ?? ''),
    queryFn: async ({ signal }) => (await callApi(operations.imports.get, { params: { importId: importId! }, signal })).data,
    enabled: importId !== null,
    ...(initial && initial._id === importId ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) => (isImportEnded(query.state.data) ? false : POLL_MS),
  });
}
