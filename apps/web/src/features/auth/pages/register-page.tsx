import { registrationRefusals, type RegistrationStatus } from '@tasklane/contract';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useRegistration } from '../api/get-registration';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { RegistrationNotice } from '../components/registration-notice';

/** Why this visitor cannot register, said up front (the server says the same on submit), or undefined. */
function refusalOf(status: RegistrationStatus, invite: string | null): { title: string; message: string } | undefined {
  if (status.registration === 'open') return undefined;
  if (!invite) {
    return status.registration === 'closed'
      ? { title: 'Registration is closed', message: registrationRefusals.closed }
      : { title: 'An invite is needed', message: registrationRefusals.inviteNeeded };
  }
  switch (status.invite?.status) {
    case 'pending':
      return undefined;
    case 'used':
      return { title: 'This invite was used', message: registrationRefusals.inviteUsed };
    case 'expired':
      return { title: 'This invite has expired', message: registrationRefusals.inviteExpired };
    case 'revoked':
      return { title: 'This invite was revoked', message: registrationRefusals.inviteRevoked };
    default:
      return { title: 'This invite is not valid', message: registrationRefusals.inviteUnknown };
  }
}

/**
 * /register, and /register?invite=<token> from an invite link: the form, unless registration is
 * closed or needs an invite this visitor does not have (then why, up front). An invite for one
 * email fills it in. Should the check fail, the form shows and the server decides.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const status = useRegistration(invite);
  if (status.isPending) {
    return (
      <AuthLayout>
        <FullPageLoader fill="area" />
      </AuthLayout>
    );
  }
  const refusal = status.data ? refusalOf(status.data, invite) : undefined;
  const pendingInvite = status.data?.invite?.status === 'pending' ? status.data.invite : undefined;
  return (
    <AuthLayout>
      {refusal ? (
        <RegistrationNotice title={refusal.title} message={refusal.message} />
      ) : (
        <RegisterForm inviteToken={pendingInvite ? (invite ?? undefined) : undefined} invitedEmail={pendingInvite?.email ?? undefined} />
      )}
    </AuthLayout>
  );
}
