import { Breadcrumb } from '../../components/Breadcrumb';
import { PermName } from '../../api/permissions.gen';
import type { Session } from '../../lib/session';
import type { ReportDialog } from './ReportDialogsHost';

/** The report's breadcrumb, title and actions (Save, Save As, Share, Alert, Export) by permission (docs/product.md §4). */
export function ReportHeader({
  title,
  inSaved,
  canSave,
  can,
  onSave,
  onOpen,
}: {
  title: string;
  /** the report is a saved one: the breadcrumb goes through Saved reports */
  inSaved: boolean;
  /** Save applies: a saved report the user may change */
  canSave: boolean;
  can: Session['can'];
  onSave: () => void;
  onOpen: (d: ReportDialog) => void;
}) {
  return (
    <>
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, ...(inSaved ? [{ label: 'Saved reports', to: '/saved_reports' }] : []), { label: title }]} />
      <div className="page-head">
        <h1>{title}</h1>
        <div className="head-actions">
          {canSave && can(PermName.EditReport) && (
            <button className="btn" onClick={onSave}>
              Save
            </button>
          )}
          {can(PermName.CreateReport) && (
            <button className="btn" onClick={() => onOpen('saveAs')}>
              Save As
            </button>
          )}
          {can(PermName.CreateReport) && (
            <button className="btn" onClick={() => onOpen('share')}>
              Share
            </button>
          )}
          {can(PermName.EditAlerts) && (
            <button className="btn" onClick={() => onOpen('alert')}>
              Alert
            </button>
          )}
          <button className="btn" onClick={() => onOpen('export')}>
            Export to CSV
          </button>
          <button className="btn" onClick={() => onOpen('exports')}>
            Recent exports
          </button>
        </div>
      </div>
    </>
  );
}
