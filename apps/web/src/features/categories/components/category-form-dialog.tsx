import { zodResolver } from '@hookform/resolvers/zod';
import { categoryColors, createCategoryBodySchema, slugify, type CategoryType, type CreateCategoryBody, type CreateCategoryData } from '@tasklane/contract';
import { useRef } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ColorSwatchGroup } from './color-swatch-group';

const FORM_ID = 'category-form';
/**
 * Every type (SPEC 3's form offers only TODO, which would leave tasks without a category to file
 * them under: see docs/web.md). The labels are the filter bar's.
 */
const typeOptions: ReadonlyArray<{ value: CategoryType; label: string }> = [
  { value: 'TODO', label: 'Todo' },
  { value: 'TASK', label: 'Task' },
  { value: 'PROJECT', label: 'Project' },
  { value: 'BLOG', label: 'Blog' },
];

export type CategoryFormSubmit = (data: CreateCategoryData, setError: UseFormSetError<CreateCategoryBody>) => void;

/** The 'Add Category' modal. */
export function CategoryFormDialog({
  open,
  onOpenChange,
  defaultType,
  isSubmitting,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The type the form starts with: the filter tab's, or TODO on All Categories. */
  defaultType: CategoryType;
  isSubmitting: boolean;
  onSubmit: CategoryFormSubmit;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Category"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Category'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open: every opening starts empty. */}
      <CategoryForm defaultType={defaultType} onSubmit={onSubmit} />
    </Dialog>
  );
}

function CategoryForm({ defaultType, onSubmit }: { defaultType: CategoryType; onSubmit: CategoryFormSubmit }) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useForm<CreateCategoryBody, unknown, CreateCategoryData>({
    resolver: zodResolver(createCategoryBodySchema),
    defaultValues: { name: '', slug: '', type: defaultType, color: categoryColors[0], workspaceId: null },
  });
  const color = useWatch({ control, name: 'color' }) ?? categoryColors[0];
  // SPEC 5: the slug follows the name until the user types a slug of their own (emptying it resumes).
  const isSlugEdited = useRef(false);

  return (
    <form id={FORM_ID} noValidate className="space-y-4" onSubmit={handleSubmit((data) => onSubmit(data, setError))}>
      <Field label="Name" htmlFor="category-name" error={errors.name?.message}>
        <Input
          id="category-name"
          placeholder="e.g. Home"
          maxLength={50}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'category-name-error' : undefined}
          {...register('name', {
            onChange(event: { target: { value: string } }) {
              if (!isSlugEdited.current) setValue('slug', slugify(event.target.value), { shouldValidate: isSubmitted });
            },
          })}
        />
      </Field>
      <Field label="Slug" htmlFor="category-slug" error={errors.slug?.message}>
        <Input
          id="category-slug"
          placeholder="e.g. home"
          className="font-mono"
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={['category-slug-hint', errors.slug ? 'category-slug-error' : ''].join(' ').trim()}
          {...register('slug', {
            onChange(event: { target: { value: string } }) {
              isSlugEdited.current = event.target.value !== '';
            },
          })}
        />
        <p id="category-slug-hint" className="text-xs text-slate-500 dark:text-slate-400">
          Made from the name; lower-case letters, numbers and hyphens.
        </p>
      </Field>
      <Field label="Type" htmlFor="category-type" error={errors.type?.message}>
        <Select id="category-type" options={typeOptions} {...register('type')} />
      </Field>
      <ColorSwatchGroup legend="Color" selected={color} field={register('color')} />
    </form>
  );
}
