import { PageHeader } from '@/components/ui/page-header';
import { TwoFactorSection } from '../components/two-factor-section';

/** /settings/two-factor: the two-factor section on a screen of its own (a deep link; /settings shows the same section). */
export default function TwoFactorPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Two-factor sign-in" subtitle="A code from your phone at sign-in, besides your password" />
      <TwoFactorSection />
    </div>
  );
}
