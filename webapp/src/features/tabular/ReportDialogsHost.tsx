import type { Competitor } from '../../api/types';
import { AddLabelDialog, AlertDialog, SaveAsDialog, ShareDialog } from '../../components/dialogs/ReportDialogs';
import { useUI } from '../../store/ui';
import { startExport, type ExportRequest } from './api/exports';
import { ExportDialog, RecentExportsDialog } from '../../components/ExportDialog';

export type ReportDialog = 'saveAs' | 'share' | 'label' | 'alert' | 'export' | 'exports';

/** The report screen's dialogs, one at a time; each closes itself when its action is done. */
export function ReportDialogsHost({
  dialog,
  onClose,
  saved,
  share,
  title,
  competitors,
  saveAs,
  createShareLink,
  createLabel,
  exportRequest,
}: {
  dialog: ReportDialog | null;
  onClose: () => void;
  saved?: { id: number; report_name: string; folder_id: number };
  share: boolean;
  title: string;
  competitors: Competitor[];
  saveAs: (name: string, folderId: number) => Promise<void>;
  createShareLink: () => Promise<string>;
  /** true when the label was created (a refusal shown as a message keeps the dialog) */
  createLabel: (name: string, color: string) => Promise<boolean>;
  /** the condition and selection the grid shows now */
  exportRequest: () => ExportRequest;
}) {
  const snack = useUI((s) => s.snack);
  switch (dialog) {
    case 'saveAs': {
      const own = saved && !share ? saved : undefined;
      return (
        <SaveAsDialog
          initialName={own ? own.report_name + ' copy' : title}
          folderId={own ? own.folder_id : -1}
          onSave={async (name, folderId) => {
            await saveAs(name, folderId);
            onClose();
          }}
          onClose={onClose}
        />
      );
    }
    case 'share':
      return (
        <ShareDialog
          saved={!!saved}
          createLink={createShareLink}
          onCopied={() => snack('the link has been copied!')}
          onSent={() => {
            onClose();
            snack('Share link was sent successfully');
          }}
          onClose={onClose}
        />
      );
    case 'label':
      return (
        <AddLabelDialog
          onSave={async (name, color) => {
            if (await createLabel(name, color)) onClose();
          }}
          onClose={onClose}
        />
      );
    case 'alert':
      return (
        <AlertDialog
          reportId={saved?.id}
          competitors={competitors}
          onClose={onClose}
          onDone={() => {
            onClose();
            snack('The report has been update');
          }}
        />
      );
    case 'export':
      return (
        <ExportDialog
          start={() => {
            const r = exportRequest();
            return startExport(r.condition, r.selection);
          }}
          onClose={onClose}
        />
      );
    case 'exports':
      return <RecentExportsDialog onClose={onClose} />;
    default:
      return null;
  }
}
