import { getInitials, type Project } from '@tasklane/contract';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { textColourOn } from '../lib/colour';

type Visual = Pick<Project, 'name' | 'logo' | 'coverImage' | 'settings'>;

/** The project's colour as a soft gradient, the backdrop when there is no cover image. */
export function colourGradient(color: string) {
  return { backgroundImage: `linear-gradient(135deg, ${color} 0%, ${color}b3 55%, ${color}66 100%)` };
}

/**
 * An image from a URL a member typed: it may be unreachable or refused by the browser, so the
 * colour stands in when it fails. No referrer goes to its host.
 */
function RemoteImage({ src, className, fallback }: { src: string | null; className: string; fallback: ReactNode }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return fallback;
  return <img src={src} alt="" referrerPolicy="no-referrer" loading="lazy" className={className} onError={() => setFailedSrc(src)} />;
}

/** The cover image, or a gradient of the project's colour. Decorative: the name is said elsewhere. */
export function ProjectCover({ project, className, children }: { project: Visual; className?: string; children?: ReactNode }) {
  return (
    <div className={cn('relative overflow-hidden', className)} style={colourGradient(project.settings.color)}>
      <RemoteImage src={project.coverImage} className="absolute inset-0 size-full object-cover" fallback={null} />
      {children}
    </div>
  );
}

const logoSizes = { sm: 'size-9 text-xs rounded-lg', md: 'size-12 text-sm rounded-xl' } as const;

/** The logo, or the name's initials on the project's colour. */
export function ProjectLogo({ project, size = 'md', className }: { project: Visual; size?: keyof typeof logoSizes; className?: string }) {
  const base = cn('flex shrink-0 items-center justify-center overflow-hidden font-bold', logoSizes[size], className);
  const initials = (
    <span aria-hidden="true" className={base} style={{ backgroundColor: project.settings.color, color: textColourOn(project.settings.color) }}>
      {getInitials(project.name) || '?'}
    </span>
  );
  return <RemoteImage src={project.logo} className={cn(base, 'bg-white object-cover dark:bg-slate-800')} fallback={initials} />;
}
