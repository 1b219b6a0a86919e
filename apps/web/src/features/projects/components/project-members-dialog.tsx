import type { Project, ProjectMember } from '@tasklane/contract';
import { Dialog } from '@/components/ui/dialog';
import { AddMemberPicker } from './add-member-picker';
import { MemberList } from './member-list';

/** Add Member: the people picker and the members, with role changes and removal where allowed. */
export function ProjectMembersDialog({
  project,
  onClose,
  onRemove,
}: {
  project: Project | null;
  onClose: () => void;
  onRemove: (project: Project, member: ProjectMember) => void;
}) {
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()} title="Add Member" description={project?.name} size="lg">
      {project && (
        <div className="space-y-6">
          <AddMemberPicker project={project} />
          <MemberList project={project} onRemove={(member) => onRemove(project, member)} />
        </div>
      )}
    </Dialog>
  );
}
