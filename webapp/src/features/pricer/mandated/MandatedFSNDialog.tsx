import { useState } from 'react';
import { UploadDialog } from '../../../components/UploadDialog';
import { uploadForm } from '../../../lib/api';
import { MANDATED_FSN_EXAMPLE, MANDATED_FSN_UPLOAD } from '../api/mandated';

const ACTIONS = [
  { value: 'add_fsns', label: 'Add' },
  { value: 'remove_fsns', label: 'Remove' },
] as const;

/**
 * The Mandated FSNs upload (docs/product.md §2 Upload dialogs, §5): the shared upload dialog with the action (Add
 * add_fsns or Remove remove_fsns; none chosen marks the field and sends nothing), the columns fsn,
 * comment (the comment mandatory when adding) and the example file.
 */
export function MandatedFSNDialog({ onClose }: { onClose: (refresh: boolean) => void }) {
  const [action, setAction] = useState('');
  const [touched, setTouched] = useState(false);
  return (
    <UploadDialog
      title="Upload mandated FSNs"
      columns={['fsn', 'comment']}
      example={{ href: MANDATED_FSN_EXAMPLE, download: 'mandated_fsns_example.csv', label: 'Download an example CSV' }}
      fields={
        <fieldset className={touched && !action ? 'field-invalid' : undefined}>
          <legend>Action</legend>
          {ACTIONS.map((a) => (
            <label key={a.value} className="check">
              <input type="radio" name="uploadFileType" value={a.value} checked={action === a.value} onChange={() => setAction(a.value)} />
              {a.label}
            </label>
          ))}
          {touched && !action && (
            <div className="form-error" role="alert">
              Please choose an action
            </div>
          )}
          <p className="muted">The comment is mandatory when adding.</p>
        </fieldset>
      }
      prepare={(form) => {
        setTouched(true);
        if (!action) return false;
        form.append('uploadFileType', action);
        return true;
      }}
      upload={(form) => uploadForm(MANDATED_FSN_UPLOAD, form)}
      onClose={onClose}
    />
  );
}
