// Package uploads is the catalogue of the Upload Files screen's file kinds (issue
// 16 part 4): each kind's permission code, CSV columns, meaning and example file,
// and the parsing of a file's rows into the store's typed rows with a reason for
// every row it refuses. The specification names the kinds only through their
// permissions; what each does is ours and is written down in
// docs/pricer.md#upload-files. The HTTP side is api/upload, the processing the process_upload job.
package uploads

import (
	"slices"

	"pricelens/store/authz"
)

// Kind is one kind of upload.
type Kind struct {
	Name        string     // the kind's id in routes and in upload_files.kind
	Title       string     // the screen's section title
	Path        string     // its upload route under /api
	Code        authz.Code // the permission it needs (create:any)
	Columns     []string   // the exact header, lowercase, in order
	Description string     // what a file of the kind does, one paragraph
	Example     string     // the example CSV offered for download
}

// The kinds' ids.
const (
	Contract       = "contract"
	ResetBAU       = "reset_bau"
	LabelFSN       = "label_fsn"
	ManualContract = "manual_contract"
	CILabel        = "ci_label"
	EventPlanning  = "event_planning"
)

// Kinds are the six kinds, in the screen's order.
var Kinds = []Kind{
	{Name: Contract, Title: "Contract file", Path: "/upload/uploadContractFile", Code: authz.UploadContractFile,
		Columns:     []string{"fsn", "floor price", "ceiling price", "start date", "end date"},
		Description: "Contracted price bands: from start date to end date (inclusive, YYYY-MM-DD) the product's price stays within [floor price, ceiling price]. A row replaces the product's contract.",
		Example:     "fsn,floor price,ceiling price,start date,end date\nFSN0001,19.99,24.99,2026-12-01,2027-03-31\n"},
	{Name: ResetBAU, Title: "Reset-BAU file", Path: "/upload/uploadResetBAUFile", Code: authz.UploadResetBAUFile,
		Columns:     []string{"fsn"},
		Description: "Returns products to business as usual: deletes each product's contract (file or manual) and its events that have not ended. A product with neither is refused.",
		Example:     "fsn\nFSN0001\n"},
	{Name: LabelFSN, Title: "Label FSN file", Path: "/upload/uploadLabelFSNFile", Code: authz.UploadLabelFSNFile,
		Columns:     []string{"fsn", "label"},
		Description: "Assigns existing labels (by name, any case) to products. CI labels go in a CI label file.",
		Example:     "fsn,label\nFSN0001,Clearance\n"},
	{Name: ManualContract, Title: "Manual contract", Path: "/upload/uploadManualContract", Code: authz.UploadManualContract,
		Columns:     []string{"fsn", "contract price", "start date", "end date", "comment"},
		Description: "Pins one agreed price per product from start date to end date (inclusive); the comment (who agreed it and why, at most 200 characters) is required. A row replaces the product's contract.",
		Example:     "fsn,contract price,start date,end date,comment\nFSN0001,21.50,2026-12-01,2026-12-31,Agreed with the brand for December\n"},
	{Name: CILabel, Title: "CI label", Path: "/upload/uploadCILabel", Code: authz.UploadCILabel,
		Columns:     []string{"fsn", "ci label"},
		Description: "Assigns existing competitive-intelligence labels (labels read-only for SSO users, governed by \"edit CI label\") to products.",
		Example:     "fsn,ci label\nFSN0001,Price match\n"},
	{Name: EventPlanning, Title: "Event planning", Path: "/upload/uploadEventPlanning", Code: authz.UploadEventPlanning,
		Columns:     []string{"fsn", "event name", "event price", "start date", "end date"},
		Description: "Promotional event prices: the product's price for the event from start date to end date (inclusive). A row replaces the product's event of the same name.",
		Example:     "fsn,event name,event price,start date,end date\nFSN0001,Black Friday,17.99,2026-11-27,2026-11-30\n"},
}

// Lookup returns the kind of a name.
func Lookup(name string) (Kind, bool) {
	i := slices.IndexFunc(Kinds, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		return Kind{}, false
	}
	return Kinds[i], true
}

// ExampleName is the example file's download name.
func (k Kind) ExampleName() string { return "example_" + k.Name + ".csv" }
