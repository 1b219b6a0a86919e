import { zodResolver } from '@hookform/resolvers/zod';
import { featureFormSchema, featureStatuses, priorities, type Feature, type FeatureForm, type FeatureFormData } from '@tasklane/contract';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ConflictNotice } from '@/components/domain/conflict-notice';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatEnum } from '@/lib/format';
import { useRebasedForm } from '@/lib/use-rebased-form';
import { useTaskCategories } from '../api/get-task-categories';
import { describeFeatureField, featureFormDefaults } from '../lib/feature-form';

const FORM_ID = 'feature-form';
const statusOptions = featureStatuses.map((value) => ({ value, label: formatEnum(value) }));
const priorityOptions = priorities.map((value) => ({ value, label: formatEnum(value) }));

export interface FeatureFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The feature being edited (its latest version), or null to create one. */
  feature: Feature | null;
  isSubmitting: boolean;
  /**
   * `base`: the version the form shows, to compute the edit against and send; `onStale`: to
   * call when the save is refused as stale (409), so the form waits for the latest version.
   */
  onSubmit: (data: FeatureFormData, base: Feature | null, onStale: () => void) => void;
}

/** Create Feature and Edit Feature: one form, prefilled when editing. */
export function FeatureFormDialog({ open, onOpenChange, feature, isSubmitting, onSubmit }: FeatureFormDialogProps) {
  const isEditing = feature !== null;
  const close = () => !isSubmitting && onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={isEditing ? 'Edit Feature' : 'Create Feature'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isEditing ? (isSubmitting ? 'Updating...' : 'Update Feature') : isSubmitting ? 'Creating...' : 'Create Feature'}
          </Button>
        </>
      }
    >
      {/*
        Mounted only while open, so every opening starts from the feature's (or empty) values. A
        newer version arriving meanwhile (live, or after a 409) is merged in, keeping the edits.
      */}
      {feature ? (
        <EditFeatureFields key={feature._id} feature={feature} onSubmit={onSubmit} />
      ) : (
        <CreateFeatureFields key="new" onSubmit={(data) => onSubmit(data, null, () => {})} />
      )}
    </Dialog>
  );
}

/** Edit Feature: the form kept on the feature's latest version, with a notice when someone else saved. */
function EditFeatureFields({ feature, onSubmit }: { feature: Feature; onSubmit: FeatureFormDialogProps['onSubmit'] }) {
  const form = useForm<FeatureForm, unknown, FeatureFormData>({ resolver: zodResolver(featureFormSchema), defaultValues: featureFormDefaults(feature) });
  const rebased = useRebasedForm(feature, featureFormDefaults, form);
  const notice =
    rebased.theirChanges.length > 0 || rebased.isAwaitingLatest ? (
      <ConflictNotice
        noun="feature"
        isLoading={rebased.isAwaitingLatest}
        items={rebased.theirChanges.map(({ field, isYoursKept }) => ({ ...describeFeatureField(field, feature), isYoursKept }))}
      />
    ) : null;
  return (
    <FeatureFormFields
      form={form}
      notice={notice}
      currentDefaultCategoryId={feature.defaultCategoryId}
      onSubmit={(data) => onSubmit(data, rebased.base(), rebased.markStale)}
    />
  );
}

/** Create Feature: SPEC 4's defaults. */
function CreateFeatureFields({ onSubmit }: { onSubmit: (data: FeatureFormData) => void }) {
  const form = useForm<FeatureForm, unknown, FeatureFormData>({ resolver: zodResolver(featureFormSchema), defaultValues: featureFormDefaults(null) });
  return <FeatureFormFields form={form} onSubmit={onSubmit} />;
}

type FeatureFormApi = UseFormReturn<FeatureForm, unknown, FeatureFormData>;

function FeatureFormFields({
  form,
  notice,
  currentDefaultCategoryId = null,
  onSubmit,
}: {
  form: FeatureFormApi;
  notice?: ReactNode;
  currentDefaultCategoryId?: string | null;
  onSubmit: (data: FeatureFormData) => void;
}) {
  const categoriesQuery = useTaskCategories();
  const categories = categoriesQuery.data ?? [];
  // A default another member chose is none of the caller's categories: it can be kept or changed.
  const isOthersDefault = currentDefaultCategoryId !== null && !categories.some((category) => category._id === currentDefaultCategoryId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const invalid = (name: keyof FeatureForm) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `feature-${name}-error` } : {});

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {notice}
      <Field label="Title" htmlFor="feature-title" error={errors.title?.message}>
        <Input id="feature-title" placeholder="e.g. Checkout" maxLength={200} aria-required="true" {...invalid('title')} {...register('title')} />
      </Field>
      <Field label="Description" htmlFor="feature-description" error={errors.description?.message}>
        <Textarea id="feature-description" rows={4} maxLength={5000} placeholder="What does this feature cover? (optional)" {...invalid('description')} {...register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Status" htmlFor="feature-status">
          <Select id="feature-status" options={statusOptions} {...register('status')} />
        </Field>
        <Field label="Priority" htmlFor="feature-priority">
          <Select id="feature-priority" options={priorityOptions} {...register('priority')} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <Field label="Due Date" htmlFor="feature-dueDate" error={errors.dueDate?.message}>
            <Input id="feature-dueDate" type="date" {...invalid('dueDate')} {...register('dueDate')} />
          </Field>
        </div>
        <Field label="Estimated Hours" htmlFor="feature-estimatedHours" error={errors.estimatedHours?.message}>
          <Input id="feature-estimatedHours" type="number" inputMode="numeric" min={0} max={10000} step={1} placeholder="e.g. 40" {...invalid('estimatedHours')} {...register('estimatedHours')} />
        </Field>
        <Field label="Actual Hours" htmlFor="feature-actualHours" error={errors.actualHours?.message}>
          <Input id="feature-actualHours" type="number" inputMode="numeric" min={0} max={10000} step={1} placeholder="e.g. 12" {...invalid('actualHours')} {...register('actualHours')} />
        </Field>
      </div>
      <Field label="Default Category" htmlFor="feature-defaultCategoryId" error={errors.defaultCategoryId?.message}>
        {/* Mounted once the options are there, so the form's value finds its option. */}
        {categoriesQuery.isPending ? (
          <Select id="feature-defaultCategoryId" disabled aria-busy="true" aria-describedby="feature-defaultCategoryId-help">
            <option>Loading categories...</option>
          </Select>
        ) : (
          <Select id="feature-defaultCategoryId" aria-describedby="feature-defaultCategoryId-help" {...register('defaultCategoryId')}>
            <option value="">None</option>
            {isOthersDefault && <option value={currentDefaultCategoryId}>The current default (another member's category)</option>}
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <p id="feature-defaultCategoryId-help" className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
        The category the board's "+ Add task" gives a new task. Chosen from your task categories.
      </p>
    </form>
  );
}
