import { Star } from 'lucide-react';
import { useUncoveredLabel } from '@/components/ui/covered-labels';
import { cn } from '@/lib/cn';

/** The star of a todo that is today's focus, named as the form's checkbox is (but not while a dialog covers it). */
export function TodayFocusStar({ className }: { className?: string }) {
  const label = useUncoveredLabel("Today's focus");
  return (
    <span role="img" aria-label={label} title="Today's focus" className={cn('shrink-0', className)}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
    </span>
  );
}
