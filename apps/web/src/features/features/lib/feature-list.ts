import { featureSortFields, featureStatuses, type FeatureSortField, type FeatureStatus } from '@tasklane/contract';
import { readListState, type ListOptions, type ListState } from '@/lib/list-query';

/** SPEC 9: ten features a page, newest first. */
export const FEATURES_PAGE_SIZE = 10;

export const featureListOptions: ListOptions<FeatureStatus, FeatureSortField> = {
  statuses: featureStatuses,
  sortFields: featureSortFields,
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'desc',
};

export type FeatureListState = ListState<FeatureStatus, FeatureSortField>;

export const readFeatureListState = (params: URLSearchParams): FeatureListState => readListState(params, featureListOptions);

/** Title, due date and status start in their natural order (A to Z, soonest, BACKLOG first); the others with the latest or highest. */
export const firstSortOrder = (field: FeatureSortField) => (field === 'title' || field === 'dueDate' || field === 'status' ? 'asc' : 'desc');
