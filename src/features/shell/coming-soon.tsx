import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/states';

/** Placeholder of a section whose screen is not built yet. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <EmptyState title={`${title} is coming soon`}>{what}</EmptyState>
    </div>
  );
}
