package drops

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"pricelens/store"
)

// Export schedules made in the app write under the account's drop folder, never
// elsewhere: the server process may write anywhere its user can, and an
// administrator of one account must reach neither the server's files nor another
// account's drops. The command line (an operator on the machine) names any
// directory.

// maxFolderLen bounds the folder an administrator names.
const maxFolderLen = 200

// AccountRoot is account accountID's drop folder under the configured root
// (config PRICELENS_DROP_ROOT).
func AccountRoot(root string, accountID int64) string {
	return filepath.Join(root, "account-"+strconv.FormatInt(accountID, 10))
}

// ConfineFolder turns the folder an administrator names (relative to the
// account's drop folder, "" for the folder itself) into the absolute directory
// of the schedule. It refuses absolute paths, ".." and control characters, and a
// folder that leads out of accountRoot through a symbolic link already there.
// It creates accountRoot, so that the check has a real folder to resolve.
func ConfineFolder(accountRoot, folder string) (string, error) {
	bad := func(why string) error {
		return store.Invalid("directory", fmt.Sprintf("directory %q %s: name a folder inside the account's drop folder, such as daily/finance", folder, why))
	}
	switch {
	case len(folder) > maxFolderLen:
		return "", bad(fmt.Sprintf("is longer than %d characters", maxFolderLen))
	case strings.IndexFunc(folder, unicode.IsControl) >= 0:
		return "", bad("contains control characters")
	case filepath.IsAbs(folder) || strings.HasPrefix(folder, "/") || strings.HasPrefix(folder, `\`):
		return "", bad("is an absolute path")
	}
	for _, part := range strings.Split(filepath.ToSlash(folder), "/") {
		if part == ".." {
			return "", bad(`goes up with ".."`)
		}
	}
	if err := os.MkdirAll(accountRoot, 0o750); err != nil {
		return "", dirError(accountRoot, err)
	}
	realRoot, err := filepath.EvalSymlinks(accountRoot)
	if err != nil {
		return "", dirError(accountRoot, err)
	}
	dir := filepath.Join(accountRoot, folder)
	// The deepest part of dir that exists, resolved, must still be inside the root.
	existing := dir
	for {
		real, err := filepath.EvalSymlinks(existing)
		if err == nil {
			if real != realRoot && !strings.HasPrefix(real, realRoot+string(filepath.Separator)) {
				return "", bad("leads out of the account's drop folder")
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", dirError(existing, err)
		}
		existing = filepath.Dir(existing)
	}
	return dir, nil
}

// Folder is dir relative to accountRoot, for display; a directory elsewhere (a
// schedule added on the command line) is shown whole.
func Folder(accountRoot, dir string) string {
	rel, err := filepath.Rel(accountRoot, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return dir
	}
	if rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}
