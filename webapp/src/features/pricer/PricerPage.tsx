import { ManageRules } from './ManageRules';
import { Results } from './Results';
import { AuditLog } from './AuditLog';
import { UploadFiles } from './UploadFiles';
import { Approval } from './Approval';
import { ApprovalAudit } from './ApprovalAudit';

/** The dynamic pricer pages this feature builds, by their /new/repricing/{page} address. */
export type PricerPageName = 'dynamic_pricer' | 'results' | 'simulation_results' | 'audit_log' | 'upload_files' | 'approval' | 'manual_approval_audit';

/** PricerPage is one dynamic pricer page (loaded on demand: the results grids carry ag-grid). */
export default function PricerPage({ page }: { page: PricerPageName }) {
  if (page === 'dynamic_pricer') return <ManageRules />;
  if (page === 'audit_log') return <AuditLog />;
  if (page === 'upload_files') return <UploadFiles />;
  if (page === 'approval') return <Approval />;
  if (page === 'manual_approval_audit') return <ApprovalAudit />;
  return <Results key={page} simulation={page === 'simulation_results'} />;
}
