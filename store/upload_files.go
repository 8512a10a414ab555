package store

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/jobs/kinds"
)

// UploadFile is one file of the Upload Files screen and its processing state
// (migration 00250). Status: queued, processing, done (every row applied) or
// failed (nothing applied; Refused and Error say why).
type UploadFile struct {
	ID          int64      `json:"id" openapi:"always"`
	Kind        string     `json:"kind" openapi:"always"`
	FileName    string     `json:"file_name" openapi:"always"`
	Status      string     `json:"status" openapi:"always"`
	RowsTotal   int        `json:"rows_total" openapi:"always"`
	RowsApplied int        `json:"rows_applied" openapi:"always"`
	RowsRefused int        `json:"rows_refused" openapi:"always"`
	Error       string     `json:"error" openapi:"always"`
	UploadedBy  string     `json:"uploaded_by" openapi:"always"` // the uploader's email ("" once deleted)
	UploadedAt  time.Time  `json:"uploaded_at" openapi:"always"`
	FinishedAt  *time.Time `json:"finished_at"`
	Refused     []Refusal  `json:"refused" openapi:"always"` // in Upload only, at most RefusalsShown
	accountID   int64
	userID      int64
}

// RefusalsShown bounds the refusals Upload returns; the report download has all.
const RefusalsShown = 1000

// UploadsShown is how many uploads of a kind the screen lists.
const UploadsShown = 20

const uploadCols = `u.id, u.kind, u.file_name, u.status, u.rows_total, u.rows_applied, u.rows_refused, u.error,
	coalesce(us.email, ''), u.uploaded_at, u.finished_at, u.account_id, coalesce(u.uploaded_by, 0)`

func scanUpload(row pgx.Row) (UploadFile, error) {
	var u UploadFile
	err := row.Scan(&u.ID, &u.Kind, &u.FileName, &u.Status, &u.RowsTotal, &u.RowsApplied, &u.RowsRefused, &u.Error,
		&u.UploadedBy, &u.UploadedAt, &u.FinishedAt, &u.accountID, &u.userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, NotFound("Upload not found")
	}
	u.Refused = []Refusal{}
	return u, err
}

// Actor is who uploaded the file, in its account: the job applies the file as them.
func (u UploadFile) Actor() Actor { return Actor{UserID: u.userID, AccountID: u.accountID} }

// CreateUpload stores a file of a kind and queues its process_upload job in the
// same transaction, so the file is processed exactly when it is stored, even
// across a restart.
func (s *Store) CreateUpload(ctx context.Context, a Actor, kind, name string, content []byte) (UploadFile, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO upload_files (account_id, kind, file_name, content, uploaded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			a.AccountID, kind, name, content, nullID(a.UserID)).Scan(&id); err != nil {
			return err
		}
		if err := audit(ctx, tx, a, "upload", "upload_file", id, map[string]any{"kind": kind, "file_name": name, "bytes": len(content)}); err != nil {
			return err
		}
		return kinds.InsertTx(ctx, tx, kinds.ProcessUpload{UploadID: id})
	})
	if err != nil {
		return UploadFile{}, err
	}
	return s.Upload(ctx, a.AccountID, id)
}

// Uploads lists the account's latest uploads of a kind, newest first.
func (s *Store) Uploads(ctx context.Context, accountID int64, kind string) ([]UploadFile, error) {
	rows, err := s.DB.Query(ctx, `SELECT `+uploadCols+` FROM upload_files u LEFT JOIN users us ON us.id = u.uploaded_by
		WHERE u.account_id = $1 AND u.kind = $2 ORDER BY u.id DESC LIMIT $3`, accountID, kind, UploadsShown)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []UploadFile{}
	for rows.Next() {
		u, err := scanUpload(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// Upload returns one upload of the account with its first RefusalsShown refusals.
func (s *Store) Upload(ctx context.Context, accountID, id int64) (UploadFile, error) {
	u, err := scanUpload(s.DB.QueryRow(ctx, `SELECT `+uploadCols+` FROM upload_files u LEFT JOIN users us ON us.id = u.uploaded_by
		WHERE u.account_id = $1 AND u.id = $2`, accountID, id))
	if err != nil {
		return u, err
	}
	var raw []byte
	if err := s.DB.QueryRow(ctx, `SELECT jsonb_path_query_array(refused, '$[0 to `+strconv.Itoa(RefusalsShown-1)+`]') FROM upload_files WHERE account_id = $1 AND id = $2`,
		accountID, id).Scan(&raw); err != nil {
		return u, err
	}
	return u, json.Unmarshal(raw, &u.Refused)
}

// UploadReport returns an upload of the account with its content and every refusal:
// what the report download is built from.
func (s *Store) UploadReport(ctx context.Context, accountID, id int64) (UploadFile, []byte, error) {
	u, err := s.Upload(ctx, accountID, id)
	if err != nil {
		return u, nil, err
	}
	var content, raw []byte
	if err := s.DB.QueryRow(ctx, `SELECT content, refused FROM upload_files WHERE account_id = $1 AND id = $2`, accountID, id).Scan(&content, &raw); err != nil {
		return u, nil, err
	}
	return u, content, json.Unmarshal(raw, &u.Refused)
}

// BeginUpload marks an upload processing and returns it with its content; ok is
// false when it is already done or failed (a job run again after its upload
// finished does nothing).
func (s *Store) BeginUpload(ctx context.Context, id int64) (UploadFile, []byte, bool, error) {
	var content []byte
	var accountID int64
	err := s.DB.QueryRow(ctx, `UPDATE upload_files SET status = 'processing', started_at = now()
		WHERE id = $1 AND status IN ('queued', 'processing') RETURNING account_id, content`, id).Scan(&accountID, &content)
	if errors.Is(err, pgx.ErrNoRows) {
		return UploadFile{}, nil, false, nil
	}
	if err != nil {
		return UploadFile{}, nil, false, err
	}
	u, err := s.Upload(ctx, accountID, id)
	return u, content, err == nil, err
}

// FailUpload finishes an upload with nothing applied: the refused rows (if any) and
// the sentence that says why.
func (s *Store) FailUpload(ctx context.Context, u UploadFile, total int, refused []Refusal, msg string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error { return finishUpload(ctx, tx, u, "failed", total, 0, refused, msg) })
}

func finishUpload(ctx context.Context, tx pgx.Tx, u UploadFile, status string, total, applied int, refused []Refusal, msg string) error {
	if refused == nil {
		refused = []Refusal{}
	}
	raw, err := json.Marshal(refused)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE upload_files SET status = $3, rows_total = $4, rows_applied = $5, rows_refused = $6, refused = $7,
		error = $8, finished_at = now() WHERE account_id = $1 AND id = $2`,
		u.accountID, u.ID, status, total, applied, len(refused), raw, msg); err != nil {
		return err
	}
	return audit(ctx, tx, u.Actor(), "upload_"+status, "upload_file", u.ID, map[string]any{"kind": u.Kind, "rows": total, "applied": applied, "refused": len(refused)})
}
