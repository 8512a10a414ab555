import { useEffect, useState } from 'react';
import { deleteCustomReport, getCustomReport, getEmbed, listCustomReports, type CustomReport, type Embed } from './api/customReports';
import { CustomReportDialog } from './CustomReportDialog';
import { ConfirmDialog } from '../../components/Dialog';
import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/Breadcrumb';
import { LockedFeature } from '../../components/ErrorPage';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { PermName, Resource } from '../../api/permissions.gen';
import { PricingInsightsPanel } from './PricingInsightsPanel';
import { InsightCards } from './InsightCards';
import { WidgetEmbeds } from './WidgetEmbeds';
import { EmbedFrame } from './EmbedFrame';

/** /insights: the pricing insights panel, the insight cards and the custom reports of the account (Loading..., No reports). */
export function InsightsList() {
  const { account, can } = useSession();
  const allowed = canReadResource(account.userPermissions, Resource.AdvancedTrending);
  const admin = can(PermName.ManageApplicationSettings);
  const [reports, setReports] = useState<CustomReport[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<CustomReport | 'new' | null>(null);
  const [removing, setRemoving] = useState<CustomReport | null>(null);
  useEffect(() => {
    if (!allowed) return;
    listCustomReports()
      .then(setReports)
      .catch(() => setReports([]));
  }, [allowed, version]);
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights' }]} />
      <h1>Insights</h1>
      <PricingInsightsPanel />
      <InsightCards />
      <h2>Custom reports</h2>
      {admin && allowed ? (
        <button className="btn" onClick={() => setEditing('new')}>
          Add custom report
        </button>
      ) : null}
      {!allowed ? (
        <LockedFeature />
      ) : reports === null ? (
        <div>Loading...</div>
      ) : reports.length === 0 ? (
        <div className="empty-state">No reports</div>
      ) : (
        <ul className="card list">
          {reports.map((r) => (
            <li key={r.id}>
              <Link to={'/insights/' + r.id}>{r.name}</Link> <span className="muted">{r.report_type === 0 ? 'report' : 'dashboard'}</span>
              {admin ? (
                <>
                  {' '}
                  <button className="btn btn-link" onClick={() => setEditing(r)} aria-label={'Edit ' + r.name}>
                    Edit
                  </button>
                  <button className="btn btn-link" onClick={() => setRemoving(r)} aria-label={'Remove ' + r.name}>
                    Remove
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <WidgetEmbeds />
      {editing ? (
        <CustomReportDialog
          report={editing === 'new' ? undefined : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) reload();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          message="Are you sure you want to delete this item?"
          confirmLabel="Delete"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const r = removing;
            setRemoving(null);
            deleteCustomReport(r.id).then(reload, reload);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * /insights/{id}: one embedded report or dashboard, titled with its name; its address
 * carries the one signed token the embed call made.
 */
export function InsightDetail({ id }: { id: string }) {
  const [embed, setEmbed] = useState<Embed | null>(null);
  const [report, setReport] = useState<CustomReport | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getCustomReport(id).then(setReport, () => setFailed(true));
    getEmbed(id)
      .then((r) => setEmbed(r.embed))
      .catch(() => setFailed(true));
  }, [id]);
  const title = report?.name ?? '';
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights', to: '/insights' }, { label: title || '…' }]} />
      <h1>
        {title || '\u00a0'} {report ? <span className="muted">{report.report_type === 0 ? 'report' : 'dashboard'}</span> : null}
      </h1>
      {failed ? <div className="empty-state">No data to display</div> : !embed ? <div>Loading...</div> : (
        <EmbedFrame key={embed.embed_url} url={embed.embed_url} title={title || 'Embedded report'} />
      )}
    </div>
  );
}
