import { PageHeader } from '@/components/ui/page-header';
import { InstanceSection } from '../components/instance-section';
import { InvitesSection } from '../components/invites-section';
import { RegistrationSection } from '../components/registration-section';
import { UsersSection } from '../components/users-section';

/** /admin (issue 16): the instance administrator's screen. The app lets only administrators reach it (app/routes/admin-route.tsx). */
export default function AdminPage({ currentUserId }: { currentUserId: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Administration" subtitle="The people, registration and facts of this Tasklane instance." />
      <UsersSection currentUserId={currentUserId} />
      <RegistrationSection />
      <InvitesSection />
      <InstanceSection />
    </div>
  );
}
