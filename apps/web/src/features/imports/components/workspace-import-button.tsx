import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ImportTargetProject } from './workspace-import-dialog';

// The dialog (and, through it, the CSV parser) loads when first opened.
const WorkspaceImportDialog = lazy(() => import('./workspace-import-dialog'));

/** The workspace page's "Import" action: for its owner, and for those who may fill one of its projects. */
export function WorkspaceImportButton({ workspaceId, isOwner, projects }: { workspaceId: string; isOwner: boolean; projects: readonly ImportTargetProject[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (!isOwner && projects.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <Upload aria-hidden="true" className="size-4" />
        Import
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <WorkspaceImportDialog open={isOpen} onOpenChange={setIsOpen} workspaceId={workspaceId} isOwner={isOwner} projects={projects} />
        </Suspense>
      )}
    </>
  );
}
