import { Breadcrumb } from '../../components/Breadcrumb';

/** The shared-report-removed state (spec §2): the message and a Save As offer. */
export function ShareUnavailable({ canCreate }: { canCreate: boolean }) {
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: 'Shared report' }]} />
      <div className="unavailable" role="alert">
        <h2>This share report is no longer available</h2>
        {canCreate ? (
          <p>
            You can still start from <a href="/pricing/type/all_my_products">All my products</a> and use Save As to keep your own copy. Save As on a
            shared report stays available until the link expires: two months after the report is 30 days old.
          </p>
        ) : (
          <p>Ask the person who shared it for a new link. Save As needs the create report permission.</p>
        )}
      </div>
    </div>
  );
}
