import { PageHeader } from '@/components/ui/page-header';

/** Only the heading until this screen's issue lands: never fake data. */
export default function FeatureTaskListPage() {
  return <PageHeader title="Tasks" />;
}
