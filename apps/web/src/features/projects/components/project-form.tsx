import { zodResolver } from '@hookform/resolvers/zod';
import { priorities, projectStatuses, proposeProjectKey, PROJECT_KEY_MAX } from '@tasklane/contract';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatEnum } from '@/lib/format';
import { projectFormSchema, type ProjectFormInput, type ProjectFormOutput, type ProjectFormValues } from '../lib/project-form';

const statusOptions = projectStatuses.map((value) => ({ value, label: formatEnum(value) }));
const priorityOptions = priorities.map((value) => ({ value, label: formatEnum(value) }));
const hexPattern = /^#[0-9A-Fa-f]{6}$/;

export type ProjectFormApi = UseFormReturn<ProjectFormInput, unknown, ProjectFormOutput>;

/** The form's state, made by the screen (which may keep it on a project's latest version). */
export function useProjectForm(defaultValues: ProjectFormValues): ProjectFormApi {
  return useForm<ProjectFormInput, unknown, ProjectFormOutput>({ resolver: zodResolver(projectFormSchema), defaultValues, mode: 'onTouched' });
}

export interface ProjectFormProps {
  /** Prefix of the fields' ids, so two forms may be on the page at once. */
  idPrefix: string;
  form: ProjectFormApi;
  /** Shown above the fields (the edit form's notice that someone else saved). */
  notice?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /**
   * SPEC 5: the create form shows 'Project name is required' under the field; the edit form
   * shows it as an alert.
   */
  nameErrorAs: 'field' | 'alert';
  /**
   * The key field: a new project's follows the name (proposed as it is typed) until the person
   * types their own; an existing project's may be changed only by its ADMINs.
   */
  keyMode: 'propose' | 'change' | 'read-only';
  onSubmit: (values: ProjectFormOutput) => void;
  onCancel: () => void;
}

/** The project fields: name, description, status, priority, colour, logo and cover URLs, public. */
export function ProjectForm({ idPrefix, form, notice, submitLabel, pendingLabel, isPending, nameErrorAs, keyMode, onSubmit, onCancel }: ProjectFormProps) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = form;
  const name = useWatch({ control, name: 'name' });
  // A proposed key is not sent: the server proposes the same one, or the next free one when it is taken.
  const isKeyProposed = useRef(keyMode === 'propose');
  useEffect(() => {
    if (isKeyProposed.current) setValue('key', (name ?? '').trim() ? proposeProjectKey(name ?? '') : '');
  }, [name, setValue]);
  const keyField = register('key', {
    onChange() {
      isKeyProposed.current = false;
    },
  });
  // Nor is a key this person may not change (an admin may have changed it meanwhile).
  const submit = (values: ProjectFormOutput) => onSubmit(isKeyProposed.current || keyMode === 'read-only' ? { ...values, key: undefined } : values);
  const isNameBlank = (name ?? '').trim() === '';
  const id = (field: string) => `${idPrefix}-${field}`;
  const describedBy = (field: string, hasError: boolean) => (hasError ? `${id(field)}-error` : undefined);

  const nameError = errors.name?.message;
  const showNameAlert = nameErrorAs === 'alert' && (isNameBlank || nameError);

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      {notice}
      {showNameAlert && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {nameError ?? 'Project name is required'}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field label="Project Name" htmlFor={id('name')} error={nameErrorAs === 'field' ? nameError : undefined}>
            <Input
              id={id('name')}
              autoFocus
              autoComplete="off"
              maxLength={100}
              placeholder="Enter project name"
              aria-required="true"
              aria-invalid={nameError || (nameErrorAs === 'alert' && isNameBlank) ? true : undefined}
              aria-describedby={describedBy('name', nameErrorAs === 'field' && !!nameError)}
              {...register('name')}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field label="Key" htmlFor={id('key')} error={errors.key?.message}>
            <Input
              id={id('key')}
              autoComplete="off"
              spellCheck={false}
              maxLength={PROJECT_KEY_MAX}
              placeholder="WEB"
              className="max-w-40 font-mono uppercase"
              readOnly={keyMode === 'read-only'}
              aria-invalid={errors.key ? true : undefined}
              aria-describedby={[`${id('key')}-hint`, describedBy('key', !!errors.key)].filter(Boolean).join(' ')}
              {...keyField}
            />
            <p id={`${id('key')}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
              {keyMode === 'propose'
                ? "2 to 6 letters that start its tasks' keys (WEB-42). Proposed from the name; if another project has it, the next free key is used."
                : keyMode === 'change'
                  ? "2 to 6 letters. Changing it renames every task's key: links with the old keys stop working."
                  : 'Only admins can change the key.'}
            </p>
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field label="Description" htmlFor={id('description')} error={errors.description?.message}>
            <Textarea
              id={id('description')}
              rows={3}
              maxLength={5000}
              placeholder="What is this project about?"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description', !!errors.description)}
              {...register('description')}
            />
          </Field>
        </div>
        <Field label="Status" htmlFor={id('status')}>
          <Select id={id('status')} options={statusOptions} {...register('status')} />
        </Field>
        <Field label="Priority" htmlFor={id('priority')}>
          <Select id={id('priority')} options={priorityOptions} {...register('priority')} />
        </Field>
        <Field label="Logo URL" htmlFor={id('logo')} error={errors.logo?.message}>
          <Input
            id={id('logo')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/logo.png"
            aria-invalid={errors.logo ? true : undefined}
            aria-describedby={describedBy('logo', !!errors.logo)}
            {...register('logo')}
          />
        </Field>
        <Field label="Cover Image URL" htmlFor={id('coverImage')} error={errors.coverImage?.message}>
          <Input
            id={id('coverImage')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/cover.jpg"
            aria-invalid={errors.coverImage ? true : undefined}
            aria-describedby={describedBy('coverImage', !!errors.coverImage)}
            {...register('coverImage')}
          />
        </Field>
        <Controller
          control={control}
          name="settings.color"
          render={({ field, fieldState }) => (
            <Field label="Color" htmlFor={id('color')} error={fieldState.error?.message}>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick a color"
                  value={hexPattern.test(field.value ?? '') ? field.value!.toLowerCase() : '#3b82f6'}
                  onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-800"
                />
                <Input
                  id={id('color')}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  maxLength={7}
                  spellCheck={false}
                  autoComplete="off"
                  className="font-mono uppercase"
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={describedBy('color', !!fieldState.error)}
                />
              </div>
            </Field>
          )}
        />
        <div className="flex items-end pb-1 sm:pb-2.5">
          <label htmlFor={id('isPublic')} className="flex cursor-pointer items-start gap-3">
            <Checkbox id={id('isPublic')} className="mt-0.5" {...register('settings.isPublic')} />
            <span>
              <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">Public project</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">Shown with a Public tag</span>
            </span>
          </label>
        </div>
      </div>
      <DialogFooter className="pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} disabled={isNameBlank}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
