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

// validCategories checks super category ids (empty = all); the store resolves them
// among the account's.
func validCategories(field string, ids reqbody.IDs) error {
	for _, id := range ids {
		if id <= 0 {
			return httperr.BadRequest(field, "Unknown category")
		}
	}
	return nil
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
	Categories []int64  `json:"categories" openapi:"always"`     // super category ids; empty = all
	Names      []string `json:"category_names" openapi:"always"` // their names, in the same order
}

// allAccountUsers is GET /users/getAllAccountUsers.
func (s *Service) allAccountUsers(c echo.Context, _ struct{}) (Members, error) {
	p, err := session.Account(c)
	if err != nil {
		return Members{}, err
	}
	ctx := c.Request().Context()
	users, err := s.Store.AccountUsers(ctx, p.AccountID)
	if err != nil {
		return Members{}, err
	}
	var names []string
	for _, u := range users {
		names = append(names, u.Categories...)
	}
	ids, err := s.Store.SuperCategoryIDs(ctx, p.AccountID, names)
	if err != nil {
		return Members{}, err
	}
	out := Members{Users: make([]Member, len(users))}
	for i, u := range users {
		m := Member{ID: u.ID, Email: u.Email, IsSAML: u.IsSAML, Role: u.Role, RoleID: u.RoleID, Categories: []int64{}, Names: nonNil(u.Categories)}
		for _, n := range u.Categories {
			m.Categories = append(m.Categories, ids[n])
		}
		out.Users[i] = m
	}
	return out, nil
}

// NewMember is the body of POST /users/addInternalUser. Validate normalises it:
// the e-mail trimmed, the role read; the store resolves role and categories.
type NewMember struct {
	Email      string      `json:"email" required:"true"`
	Categories reqbody.IDs `json:"categories,omitempty"` // super category ids; empty = all
	Role       any         `json:"user_role,omitempty"`  // role-type id or name; role type 2 when absent
	role       authz.RoleRef
}

// Validate checks the e-mail, the role and the categories, in that order.
func (in *NewMember) Validate() error {
	if err := validEmail(in.Email); err != nil {
		return err
	}
	in.Email = strings.TrimSpace(in.Email)
	in.role = authz.RoleRef{ID: authz.DefaultRoleID}
	if in.Role != nil && in.Role != "" {
		r, ok := authz.ParseRoleRef(in.Role)
		if !ok {
			return httperr.BadRequest("user_role", "Unknown role")
		}
		in.role = r
	}
	return validCategories("categories", in.Categories)
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
	cats, err := s.Store.SuperCategoryNames(ctx, a.AccountID, in.Categories.Int64s(), "categories")
	if err != nil {
		return err
	}
	token := randomToken(32)
	inv := store.Invitation{TokenHash: tokenHash(token), Mail: func(newUser bool) store.Mail {
		return invitationMail(in.Email, newUser, s.setPasswordLink(token))
	}}
	_, err = s.Store.AddInternalUser(ctx, a, in.Email, in.role, cats, inv)
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
	UserID     reqbody.ID     `json:"user_id" required:"true"`
	Role       any            `json:"role,omitempty"`       // role-type id or name
	Categories reqbody.IDs    `json:"categories,omitempty"` // super category ids; [] = all categories
	role       *authz.RoleRef // nil: unchanged
}

// Validate requires the user id and at least one valid change.
func (in *MemberChange) Validate() error {
	if in.UserID <= 0 {
		return httperr.BadRequest("user_id", "user_id is required")
	}
	if in.Role != nil {
		r, ok := authz.ParseRoleRef(in.Role)
		if !ok {
			return httperr.BadRequest("role", "Unknown role")
		}
		in.role = &r
	}
	if err := validCategories("categories", in.Categories); err != nil {
		return err
	}
	if in.role == nil && in.Categories == nil {
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
	ctx := c.Request().Context()
	var cats []string // nil: unchanged
	if in.Categories != nil {
		if cats, err = s.Store.SuperCategoryNames(ctx, p.AccountID, in.Categories.Int64s(), "categories"); err != nil {
			return route.OK{}, err
		}
	}
	if err := s.Store.UpdateMember(ctx, actor(p), int64(in.UserID), in.role, cats); err != nil {
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
