import { featureStatuses, priorities, type Feature, type FeatureFormData } from '@tasklane/contract';
import { Layers, Plus, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ListFilters } from '@/components/domain/list-filters';
import { QueryState } from '@/components/domain/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LiveRegion } from '@/components/ui/live-region';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useCreateShortcut } from '@/lib/keyboard/use-create-shortcut';
import { useListSelection } from '@/lib/keyboard/use-list-selection';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { formatEnum, pluralize } from '@/lib/format';
import { hasListFilters, nextSort, toListQuery } from '@/lib/list-query';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useListParams } from '@/lib/use-list-params';
import { useCreateFeature } from '../api/create-feature';
import { useDeleteFeature } from '../api/delete-feature';
import { useFeatures } from '../api/get-features';
import { useUpdateFeature } from '../api/update-feature';
import { toCreateFeatureBody, toUpdateFeatureBody } from '../lib/feature-form';
import { FEATURES_PAGE_SIZE, featureListOptions, firstSortOrder } from '../lib/feature-list';
import { FeatureDetailsDialog } from './feature-details-dialog';
import { FeatureFormDialog } from './feature-form-dialog';
import { FeatureTable } from './feature-table';

const statusOptions = [{ value: '', label: 'All Statuses' }, ...featureStatuses.map((value) => ({ value, label: formatEnum(value) }))];
const priorityOptions = [{ value: '', label: 'All Priorities' }, ...priorities.map((value) => ({ value, label: formatEnum(value) }))];

/** SPEC 5, verbatim. */
const DELETE_FEATURE_MESSAGE = 'Are you sure you want to delete this feature? This action cannot be undone.';

export interface FeaturesScreenProps {
  project: { _id: string; name: string; abilities: { canManageFeatures: boolean } };
}

/**
 * The features of a project (SPEC 2): search, filters, a sortable table of ten a page, and the
 * create, edit, details and delete dialogs. Shown under the project on the project view.
 */
export function FeaturesScreen({ project }: FeaturesScreenProps) {
  const list = useListParams(featureListOptions);
  const { state } = list;
  const query = toListQuery(state, FEATURES_PAGE_SIZE);
  const featuresQuery = useFeatures(project._id, query);
  const createMutation = useCreateFeature();
  const updateMutation = useUpdateFeature();
  const deleteMutation = useDeleteFeature();
  const canManage = project.abilities.canManageFeatures;

  // Dialogs hold ids, so they show the feature as the latest answer has it (the one opened, should
  // a change move it off this page meanwhile).
  const [formState, setFormState] = useState<{ open: boolean; featureId: string | null; opened?: Feature }>({ open: false, featureId: null });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Feature | null>(null);

  const failure = useErrorMessage(featuresQuery.error, 'Failed to fetch features');
  useFailureToast(failure, 'features-fetch');

  const response = featuresQuery.data;
  const features = response?.data ?? [];
  const pages = response?.pagination.total ?? 0;
  const byId = (id: string | null) => (id ? (features.find((feature) => feature._id === id) ?? null) : null);
  const editing = formState.featureId ? (byId(formState.featureId) ?? formState.opened ?? null) : null;

  // A page past the end (the last feature of the last page deleted, a stale link): go to the last page.
  const { setPage } = list;
  useEffect(() => {
    if (response && !featuresQuery.isPlaceholderData && response.data.length === 0 && response.total > 0 && state.page > 1) {
      setPage(Math.max(1, response.pagination.total));
    }
  }, [response, featuresQuery.isPlaceholderData, state.page, setPage]);

  const openCreate = () => setFormState({ open: true, featureId: null });
  const openEdit = (feature: Feature) => {
    setDetailsId(null);
    setFormState({ open: true, featureId: feature._id, opened: feature });
  };
  const closeForm = () => setFormState({ open: false, featureId: null });

  const submit = (data: FeatureFormData, base: Feature | null, onStale: () => void) => {
    if (formState.featureId) {
      if (!base) return;
      updateMutation.mutate(
        { feature: base, body: toUpdateFeatureBody(data, base) },
        {
          onSuccess() {
            toast.success('Feature updated successfully');
            closeForm();
          },
          // Someone else saved first (409): the form takes their version and keeps these edits.
          onError(error) {
            if (isApiError(error) && error.status === 409) onStale();
            else toast.error(errorMessage(error, 'Failed to update feature'));
          },
        },
      );
      return;
    }
    createMutation.mutate(toCreateFeatureBody(data, project._id), {
      onSuccess() {
        toast.success('Feature created successfully');
        closeForm();
      },
      onError: (error) => void toast.error(errorMessage(error, 'Failed to create feature')),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting, {
      onSuccess: () => void toast.success('Feature deleted successfully'),
      onError: (error) => void toast.error(errorMessage(error, 'Failed to delete feature')),
      onSettled: () => setDeleting(null),
    });
  };

  // The keyboard (issue 18): `c` creates a feature; `j` / `k` select one, Enter opens its tasks, `e` edits it.
  const navigate = useNavigate();
  useCreateShortcut(canManage ? openCreate : undefined);
  const selection = useListSelection({
    items: features,
    idOf: (feature) => feature._id,
    labelOf: (feature) => feature.title,
    noun: 'feature',
    actions: {
      open: (feature) => void navigate(paths.featureTasks.href(feature.projectId._id, feature._id)),
      edit: canManage ? openEdit : undefined,
    },
  });

  const isFiltered = hasListFilters(state);
  const createButton = canManage && (
    <Button onClick={openCreate}>
      <Plus aria-hidden="true" className="size-4" />
      Create Feature
    </Button>
  );

  const first = (state.page - 1) * FEATURES_PAGE_SIZE + 1;
  const body = (
    <QueryState query={featuresQuery} loading="Loading features..." errorMessage={failure ?? 'Failed to fetch features'}>
      {(loaded) =>
        loaded.total === 0 ? (
          <EmptyState
            icon={isFiltered ? <SearchX aria-hidden="true" /> : <Layers aria-hidden="true" />}
            title="No features found"
            description={
              isFiltered
                ? 'Try adjusting your search or filters'
                : canManage
                  ? 'Create the first feature to start planning this project'
                  : 'Features of this project will appear here'
            }
            action={
              isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                createButton || undefined
              )
            }
          />
        ) : (
          <>
            <FeatureTable
              features={features}
              sort={state}
              onSort={(field) => list.setSort(nextSort(state, field, firstSortOrder(field)))}
              canManage={canManage}
              isBusy={featuresQuery.isPlaceholderData}
              onOpen={(feature) => setDetailsId(feature._id)}
              onEdit={openEdit}
              onDelete={setDeleting}
              rowProps={(feature) => selection.itemProps(feature._id)}
            />
            <LiveRegion message={selection.announcement} />
            <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {features.length > 0
                  ? `Showing ${first}–${first + features.length - 1} of ${pluralize(response?.total ?? 0, 'feature')}`
                  : `${pluralize(response?.total ?? 0, 'feature')}`}
              </p>
              <Pagination page={state.page} pages={pages} onPageChange={list.setPage} label="Features pages" />
            </div>
          </>
        )
      }
    </QueryState>
  );

  return (
    <section aria-labelledby="features-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="features-heading" className="break-words text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
            Features of {project.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Plan the project's features and open each one's tasks.</p>
        </div>
        {createButton}
      </div>
      <div className="mb-4">
        <ListFilters
          searchLabel="Search features"
          search={list.searchText}
          onSearchChange={list.setSearchText}
          statusOptions={statusOptions}
          status={state.status ?? ''}
          onStatusChange={list.setStatus}
          priorityOptions={priorityOptions}
          priority={state.priority ?? ''}
          onPriorityChange={list.setPriority}
          onClear={isFiltered ? list.clearFilters : undefined}
        />
      </div>
      {body}

      <FeatureFormDialog
        open={formState.open && (formState.featureId === null || editing !== null)}
        onOpenChange={(open) => (open ? undefined : closeForm())}
        feature={editing}
        isSubmitting={formState.featureId ? updateMutation.isPending : createMutation.isPending}
        onSubmit={submit}
      />
      <FeatureDetailsDialog feature={byId(detailsId)} canEdit={canManage} onClose={() => setDetailsId(null)} onEdit={openEdit} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Feature"
        message={DELETE_FEATURE_MESSAGE}
        pendingLabel="Deleting..."
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
