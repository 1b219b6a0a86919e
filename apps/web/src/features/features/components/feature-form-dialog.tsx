import { zodResolver } from '@hookform/resolvers/zod';
import { featureFormSchema, featureStatuses, priorities, type Feature, type FeatureForm, type FeatureFormData } from '@tasklane/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatEnum } from '@/lib/format';
import { featureFormDefaults } from '../lib/feature-form';

const FORM_ID = 'feature-form';
const statusOptions = featureStatuses.map((value) => ({ value, label: formatEnum(value) }));
const priorityOptions = priorities.map((value) => ({ value, label: formatEnum(value) }));

export interface FeatureFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The feature being edited, or null to create one. */
  feature: Feature | null;
  isSubmitting: boolean;
  onSubmit: (data: FeatureFormData) => void;
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
        Mounted only while open, so every opening starts from the feature's (or empty) values;
        keyed by version, so a feature refetched after a conflict shows its latest values.
      */}
      <FeatureFormFields key={feature ? `${feature._id}:${feature.version}` : 'new'} feature={feature} onSubmit={onSubmit} />
    </Dialog>
  );
}

function FeatureFormFields({ feature, onSubmit }: { feature: Feature | null; onSubmit: (data: FeatureFormData) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FeatureForm, unknown, FeatureFormData>({ resolver: zodResolver(featureFormSchema), defaultValues: featureFormDefaults(feature) });
  const invalid = (name: keyof FeatureForm) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `feature-${name}-error` } : {});

  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
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
    </form>
  );
}
