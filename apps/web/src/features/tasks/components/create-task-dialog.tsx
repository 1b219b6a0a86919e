import { zodResolver } from '@hookform/resolvers/zod';
import { taskFormSchema, type Category, type ProjectMember, type TaskForm, type TaskFormData } from '@tasklane/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { taskFormDefaults } from '../lib/task-form';
import { TaskFields, type OptionsState } from './task-fields';

const FORM_ID = 'create-task-form';

export interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  featureTitle: string;
  categories: OptionsState<Category>;
  members: OptionsState<ProjectMember>;
  isSubmitting: boolean;
  onSubmit: (data: TaskFormData) => void;
}

/** The Create Task modal (SPEC 2): title and category required, the rest optional. */
export function CreateTaskDialog({ open, onOpenChange, featureTitle, categories, members, isSubmitting, onSubmit }: CreateTaskDialogProps) {
  const close = () => !isSubmitting && onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Create Task"
      description={featureTitle ? `A new task in ${featureTitle}` : undefined}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Task'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open: every opening starts empty. */}
      <CreateTaskForm categories={categories} members={members} onSubmit={onSubmit} />
    </Dialog>
  );
}

function CreateTaskForm({ categories, members, onSubmit }: Pick<CreateTaskDialogProps, 'categories' | 'members' | 'onSubmit'>) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TaskForm, unknown, TaskFormData>({ resolver: zodResolver(taskFormSchema), defaultValues: taskFormDefaults() });
  const status = useWatch({ control, name: 'status' });
  return (
    <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
      <TaskFields idPrefix="create-task" mode="create" register={register} errors={errors} status={status} categories={categories} members={members} />
    </form>
  );
}
