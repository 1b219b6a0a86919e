import { Link2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { IconButton } from '@/components/ui/icon-button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** A task's key (WEB-42), as cards, tables and the task page show it. */
export function TaskKey({ taskKey, className }: { taskKey: string; className?: string }) {
  return (
    <span className={cn('shrink-0 font-mono text-xs font-medium whitespace-nowrap text-slate-500 dark:text-slate-400', className)}>
      <span className="sr-only">Key </span>
      {taskKey}
    </span>
  );
}

/** The absolute address of /t/{key}: opens the task for anyone who can see it. */
export function taskKeyUrl(taskKey: string): string {
  return new URL(paths.taskByKey.href(taskKey), window.location.origin).href;
}

/** Copies the task's short link (/t/WEB-42) and says so. */
export function CopyTaskLinkButton({ taskKey }: { taskKey: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(taskKeyUrl(taskKey));
      toast.success('Link copied');
    } catch (error) {
      console.error('Could not copy the link', error);
      toast.error('Could not copy the link');
    }
  };
  return (
    <IconButton
      label={`Copy link to ${taskKey}`}
      tooltip="Copy link"
      icon={<Link2 aria-hidden="true" className="size-4" />}
      className="size-7"
      onClick={() => void copy()}
    />
  );
}
