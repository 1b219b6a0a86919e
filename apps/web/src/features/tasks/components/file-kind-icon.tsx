import { File, FileArchive, FileAudio, FileImage, FileSpreadsheet, FileText, FileVideo, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { fileKind, type FileKind } from '../lib/attachment-files';

const kinds: Record<FileKind, { icon: LucideIcon; tone: string }> = {
  image: { icon: FileImage, tone: 'bg-violet-50 text-violet-600 dark:bg-violet-950 dark:text-violet-300' },
  video: { icon: FileVideo, tone: 'bg-pink-50 text-pink-600 dark:bg-pink-950 dark:text-pink-300' },
  audio: { icon: FileAudio, tone: 'bg-cyan-50 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300' },
  archive: { icon: FileArchive, tone: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300' },
  spreadsheet: { icon: FileSpreadsheet, tone: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300' },
  document: { icon: FileText, tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300' },
  other: { icon: File, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
};

/** A file's icon by its media type (a picked file's may be '': any file). */
export function FileKindIcon({ contentType, size = 'md' }: { contentType: string; size?: 'sm' | 'md' }) {
  const { icon: Icon, tone } = kinds[fileKind(contentType)];
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-lg', tone, size === 'sm' ? 'size-8' : 'size-10')}>
      <Icon className={size === 'sm' ? 'size-4' : 'size-5'} />
    </span>
  );
}
