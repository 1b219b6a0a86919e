import { getInitials } from '@tasklane/contract';
import { useState } from 'react';
import { cn } from '@/lib/cn';

const sizes = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;
// Overlap a quarter of each avatar, so initials stay readable at every size.
const stackSpacing = { xs: '-space-x-1', sm: '-space-x-1.5', md: '-space-x-2', lg: '-space-x-3' } as const;

// A stable colour per person, so the same initials always look the same. Every one is dark
// enough for white initials of 10-12 px (at least 4.5:1, WCAG AA; the 500s were 2.5-3.8:1).
const palette = ['bg-indigo-700', 'bg-emerald-700', 'bg-amber-700', 'bg-rose-700', 'bg-cyan-700', 'bg-violet-700', 'bg-orange-700', 'bg-teal-700'];
function colourFor(key: string) {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length];
}

export interface AvatarPerson {
  _id?: string;
  fullName?: string | null;
  username?: string | null;
  avatar?: string | null;
}

/**
 * A person's picture (issue 16: their uploaded avatar), or their initials (SPEC 9: first
 * letters of up to two words) when they have none or it cannot be loaded.
 */
export function Avatar({ person, size = 'sm', className }: { person: AvatarPerson; size?: keyof typeof sizes; className?: string }) {
  const name = person.fullName || person.username || '';
  const base = cn('inline-flex shrink-0 items-center justify-center rounded-full font-semibold ring-2 ring-white dark:ring-slate-900', sizes[size], className);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (person.avatar && person.avatar !== failedUrl) {
    const url = person.avatar;
    return <img src={url} alt={name} className={cn(base, 'object-cover')} onError={() => setFailedUrl(url)} />;
  }
  return (
    <span className={cn(base, 'text-white', colourFor(person._id ?? name))} role="img" aria-label={name}>
      {/* Named by its label (the whole name); the letters are its picture, drawn by CSS
          (content: attr()) rather than written as text, so a button holding an avatar keeps its
          visible text within its name (WCAG 2.5.3, label in name). */}
      <span aria-hidden="true" data-initials={getInitials(name) || '?'} className="before:content-[attr(data-initials)]" />
    </span>
  );
}

/** Up to `max` overlapping avatars and a '+N' for the rest (SPEC 9: four, then the overflow). */
export function AvatarStack({ people, max = 4, size = 'sm' }: { people: readonly AvatarPerson[]; max?: number; size?: keyof typeof sizes }) {
  const shown = people.slice(0, max);
  const overflow = people.length - shown.length;
  return (
    <div className={cn('flex', stackSpacing[size])}>
      {shown.map((person, index) => (
        <Avatar key={person._id ?? index} person={person} size={size} />
      ))}
      {overflow > 0 && (
        <span
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700 ring-2 ring-white dark:bg-slate-700 dark:text-slate-200 dark:ring-slate-900',
            sizes[size],
          )}
          aria-label={`${overflow} more`}
        >
          +{overflow}
        </span>
      )}
    </div>
  );
}
