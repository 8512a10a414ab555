package access

import (
	"context"
	"pricelens/api/route"
	"strings"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

func actor(p session.Principal) store.Actor {
	return store.Actor{UserID: p.UserID, AccountID: p.AccountID}
}

func hashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	return string(h), err
}

// cleanCategories trims and de-duplicates super-category names (empty = all).
func cleanCategories(in []string) ([]string, error) {
	out := []string{}
	seen := map[string]bool{}
	for _, c := range in {
		c = strings.TrimSpace(c)
		if c == "" || seen[c] {
			continue
		}
		if len(c) > 200 {
			return nil, httperr.BadRequest("categories", "A category name can't be longer than 200 characters.")
		}
		seen[c] = true
		out = append(out, c)
	}
	return out, nil
}

// Members are the account's unblocked users.
type Members struct {
	Users []Member `json:"users" openapi:"always"`
}

// Member is a user of the account with their role and categories there.
type Member struct {
	ID         int64    `json:"id" openapi:"always"`
	Email      string   `json:"email" openapi:"always"`
	IsSAML     int      `json:"is_saml" openapi:"always"` // 1 for a single sign-on user, else 0
	Role       string   `json:"role" openapi:"always"`
	RoleID     int      `json:"role_id" openapi:"always"`
	Categories []string `json:"categories" openapi:"always"` // super categories; empty = all
}

func toMember(u store.AccountUser) Member {
	return Member{ID: u.ID, Email: u.Email, IsSAML: u.IsSAML, Role: u.Role, RoleID: authz.RoleID(u.Role), Categories: nonNil(u.Categories)}
}

// allAccountUsers is GET /users/getAllAccountUsers.
func (s *Service) allAccountUsers(c echo.Context, _ struct{}) (Members, error) {
	p, err := session.Account(c)
	if err != nil {
		return Members{}, err
	}
	users, err := s.Store.AccountUsers(c.Request().Context(), p.AccountID)
	if err != nil {
		return Members{}, err
	}
	out := Members{Users: make([]Member, len(users))}
	for i, u := range users {
		out.Users[i] = toMember(u)
	}
	return out, nil
}

// NewMember is the body of POST /users/addInternalUser. Validate normalises it:
// the e-mail trimmed, the categories cleaned, the role resolved.
type NewMember struct {
	Email      string          `json:"email" required:"true"`
	Categories reqbody.Strings `json:"categories,omitempty"` // super categories; empty = all
	Role       any             `json:"user_role,omitempty"`  // role id 1–3 or name; analyst when absent
	role       string
}

// Validate checks the e-mail, the role and the categories, in that order.
func (in *NewMember) Validate() error {
	if err := validEmail(in.Email); err != nil {
		return err
	}
	in.Email = strings.TrimSpace(in.Email)
	in.role = authz.Analyst // role type 2 by default
	if in.Role != nil && in.Role != "" {
		r, ok := authz.ParseRole(in.Role)
		if !ok {
			return httperr.BadRequest("user_role", "Unknown role")
		}
		in.role = r
	}
	cats, err := cleanCategories(in.Categories)
	in.Categories = cats
	return err
}

// addInternalUser is POST /users/addInternalUser {email, categories, user_role}.
// The answer is the same for any address, known or not (issue 11: the call must
// not reveal whether an address already has a user).
func (s *Service) addInternalUser(c echo.Context, in NewMember) (route.Message, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.Message{}, err
	}
	if err := s.invite(c.Request().Context(), actor(p), in); err != nil {
		return route.Message{}, err
	}
	return route.Message{Message: "An invitation has been sent to " + in.Email + "."}, nil
}

// invite adds the address to the account, creating the user when it is new, and
// queues the invitation mail.
func (s *Service) invite(ctx context.Context, a store.Actor, in NewMember) error {
	token := randomToken(32)
	inv := store.Invitation{TokenHash: tokenHash(token), Mail: func(newUser bool) store.Mail {
		return invitationMail(in.Email, newUser, s.setPasswordLink(token))
	}}
	_, err := s.Store.AddInternalUser(ctx, a, in.Email, in.role, in.Categories, inv)
	return err
}

// invitationMail is the message an added address receives: a new user chooses a
// password through the link; an existing user signs in as before and finds the
// account in the account menu.
func invitationMail(email string, newUser bool, link string) store.Mail {
	m := store.Mail{Kind: "invitation", Recipients: []string{email}, Subject: "You have been invited to Pricelens"}
	if newUser {
		m.Body = "You have been given access to Pricelens. Open this link within 7 days to choose your password: " + link
		m.Detail = map[string]any{"link": link}
	} else {
		m.Body = "You have been given access to another Pricelens account. Sign in as usual; it is in your account menu."
		m.Detail = map[string]any{}
	}
	return m
}

// UserRef names a user of the account: the body of deleteUser, blockUser and
// generatePassword.
type UserRef struct {
	UserID reqbody.ID `json:"user_id" required:"true"`
	Email  string     `json:"email,omitempty"` // sent by the webapp with deleteUser; not used
}

// Validate requires the user id.
func (in UserRef) Validate() error {
	if in.UserID <= 0 {
		return httperr.BadRequest("user_id", "user_id is required")
	}
	return nil
}

// deleteUser is POST /users/deleteUser {user_id, email}: removes the user from this account.
func (s *Service) deleteUser(c echo.Context, in UserRef) (route.Done, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.Done{}, err
	}
	if err := s.Store.RemoveMember(c.Request().Context(), actor(p), int64(in.UserID)); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "user deleted successfully"}, nil
}

// blockUser is POST /users/blockUser {user_id}.
func (s *Service) blockUser(c echo.Context, in UserRef) (route.Done, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.Done{}, err
	}
	if err := s.Store.BlockMember(c.Request().Context(), actor(p), int64(in.UserID)); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "done"}, nil
}

// GeneratedPassword is a new password, shown once.
type GeneratedPassword struct {
	Password string `json:"password" openapi:"always"`
	Message  string `json:"message" openapi:"always"`
}

// generatePasswordFor is POST /users/generatePassword {user_id}.
func (s *Service) generatePasswordFor(c echo.Context, in UserRef) (GeneratedPassword, error) {
	p, err := session.Account(c)
	if err != nil {
		return GeneratedPassword{}, err
	}
	pw, err := s.newPassword(c.Request().Context(), actor(p), int64(in.UserID))
	if err != nil {
		return GeneratedPassword{}, err
	}
	return GeneratedPassword{Password: pw, Message: "your new password is: " + pw}, nil
}

// newPassword gives a member of the account a random password and returns it.
func (s *Service) newPassword(ctx context.Context, a store.Actor, userID int64) (string, error) {
	pw := generatePassword()
	hash, err := hashPassword(pw)
	if err != nil {
		return "", err
	}
	if err := s.Store.ResetMemberPassword(ctx, a, userID, hash); err != nil {
		return "", err
	}
	return pw, nil
}

// MemberChange is the body of POST /users/updateUser: a new role, new categories,
// or both. Validate resolves them.
type MemberChange struct {
	UserID     reqbody.ID      `json:"user_id" required:"true"`
	Role       any             `json:"role,omitempty"`       // role id 1–3 or name
	Categories reqbody.Strings `json:"categories,omitempty"` // [] = all categories
	role       *string         // nil: unchanged
	categories []string        // nil: unchanged
}

// Validate requires the user id and at least one valid change.
func (in *MemberChange) Validate() error {
	if in.UserID <= 0 {
		return httperr.BadRequest("user_id", "user_id is required")
	}
	if in.Role != nil {
		r, ok := authz.ParseRole(in.Role)
		if !ok {
			return httperr.BadRequest("role", "Unknown role")
		}
		in.role = &r
	}
	if in.Categories != nil {
		cats, err := cleanCategories(in.Categories)
		if err != nil {
			return err
		}
		in.categories = cats
	}
	if in.role == nil && in.categories == nil {
		return httperr.BadRequest("role", "Send a role or categories to change")
	}
	return nil
}

// updateUser is POST /users/updateUser {user_id, role?, categories?}.
func (s *Service) updateUser(c echo.Context, in MemberChange) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	if err := s.Store.UpdateMember(c.Request().Context(), actor(p), int64(in.UserID), in.role, in.categories); err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, nil
}

// NewEmail is the body of POST /users/saveNewEmail. Validate trims it.
type NewEmail struct {
	Email string `json:"email" required:"true"`
}

// Validate checks the address with the specification's messages.
func (in *NewEmail) Validate() error {
	in.Email = strings.TrimSpace(in.Email)
	return validEmail(in.Email)
}

// EmailSaved is the signed-in user's new address.
type EmailSaved struct {
	OK    bool   `json:"ok" openapi:"always"`
	Email string `json:"email" openapi:"always"`
}

// saveNewEmail is POST /users/saveNewEmail {email}: the signed-in user's own address.
func (s *Service) saveNewEmail(c echo.Context, in NewEmail) (EmailSaved, error) {
	p, _, err := s.current(c)
	if err != nil {
		return EmailSaved{}, err
	}
	if err := s.Store.SetOwnEmail(c.Request().Context(), actor(p), in.Email); err != nil {
		return EmailSaved{}, err
	}
	return EmailSaved{OK: true, Email: in.Email}, nil
}
