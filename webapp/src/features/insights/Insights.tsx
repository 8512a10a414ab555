import { useEffect, useState } from 'react';
import { getEmbed, listCustomReports, type CustomReport, type Embed } from './api/customReports';
import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/Breadcrumb';
import { LockedFeature } from '../../components/ErrorPage';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { Resource } from '../../api/permissions.gen';

/** /insights: the custom reports of the account (Loading..., No reports). */
export function InsightsList() {
  const { account } = useSession();
  const allowed = canReadResource(account.userPermissions, Resource.AdvancedTrending);
  const [reports, setReports] = useState<CustomReport[] | null>(null);
  useEffect(() => {
    if (!allowed) return;
    listCustomReports()
      .then(setReports)
      .catch(() => setReports([]));
  }, [allowed]);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights' }]} />
      <h1>Insights</h1>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /insights/{id}: one embedded report or dashboard. */
export function InsightDetail({ id }: { id: string }) {
  const [embed, setEmbed] = useState<Embed | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getEmbed(id)
      .then((r) => setEmbed(r.embed))
      .catch(() => setFailed(true));
  }, [id]);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights', to: '/insights' }, { label: 'Report ' + id }]} />
      {failed ? <div className="empty-state">No data to display</div> : !embed ? <div>Loading...</div> : (
        <iframe className="embed" title="Embedded report" src={embed.embed_url + (embed.embed_url.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(embed.embed_token)} />
      )}
    </div>
  );
}
