package access

import (
	"net/http"
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

// allAccountUsers is GET /users/getAllAccountUsers.
func (s *Service) allAccountUsers(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	users, err := s.Store.AccountUsers(c.Request().Context(), p.AccountID)
	if err != nil {
		return err
	}
	for i := range users {
		users[i].RoleID = authz.RoleID(users[i].Role)
		if users[i].Categories == nil {
			users[i].Categories = []string{}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"users": users})
}

// addInternalUser is POST /users/addInternalUser {email, categories, user_role}.
func (s *Service) addInternalUser(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		Email      string          `json:"email"`
		Categories reqbody.Strings `json:"categories"`
		Role       any             `json:"user_role"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if err := validEmail(in.Email); err != nil {
		return err
	}
	role := authz.Analyst // role type 2 by default
	if in.Role != nil && in.Role != "" {
		r, ok := authz.ParseRole(in.Role)
		if !ok {
			return httperr.BadRequest("user_role", "Unknown role")
		}
		role = r
	}
	cats, err := cleanCategories(in.Categories)
	if err != nil {
		return err
	}
	email := strings.TrimSpace(in.Email)
	token := randomToken(32)
	inv := store.Invitation{TokenHash: tokenHash(token), Mail: func(newUser bool) store.Mail {
		return invitationMail(email, newUser, s.setPasswordLink(token))
	}}
	if _, err := s.Store.AddInternalUser(c.Request().Context(), actor(p), email, role, cats, inv); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"message": invitationSent(email)})
}

// invitationSent is the answer to adding any address, known or not (issue 11: the
// call must not reveal whether an address already has a user).
func invitationSent(email string) string {
	return "An invitation has been sent to " + email + "."
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

type userRef struct {
	UserID reqbody.ID `json:"user_id"`
	Email  string     `json:"email"`
}

func decodeUserRef(c echo.Context) (userRef, error) {
	var in userRef
	if err := reqbody.Decode(c, &in); err != nil {
		return in, err
	}
	if in.UserID <= 0 {
		return in, httperr.BadRequest("user_id", "user_id is required")
	}
	return in, nil
}

// deleteUser is POST /users/deleteUser {user_id, email}: removes the user from this account.
func (s *Service) deleteUser(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	in, err := decodeUserRef(c)
	if err != nil {
		return err
	}
	if err := s.Store.RemoveMember(c.Request().Context(), actor(p), int64(in.UserID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "message": "user deleted successfully"})
}

// blockUser is POST /users/blockUser {user_id}.
func (s *Service) blockUser(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	in, err := decodeUserRef(c)
	if err != nil {
		return err
	}
	if err := s.Store.BlockMember(c.Request().Context(), actor(p), int64(in.UserID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "message": "done"})
}

// generatePassword is POST /users/generatePassword {user_id}: a new password, shown once.
func (s *Service) generatePasswordFor(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	in, err := decodeUserRef(c)
	if err != nil {
		return err
	}
	pw := generatePassword()
	hash, err := hashPassword(pw)
	if err != nil {
		return err
	}
	if err := s.Store.ResetMemberPassword(c.Request().Context(), actor(p), int64(in.UserID), hash); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"password": pw, "message": "your new password is: " + pw})
}

// updateUser is POST /users/updateUser {user_id, role?, categories?}.
func (s *Service) updateUser(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		UserID     reqbody.ID      `json:"user_id"`
		Role       any             `json:"role"`
		Categories reqbody.Strings `json:"categories"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.UserID <= 0 {
		return httperr.BadRequest("user_id", "user_id is required")
	}
	var role *string
	if in.Role != nil {
		r, ok := authz.ParseRole(in.Role)
		if !ok {
			return httperr.BadRequest("role", "Unknown role")
		}
		role = &r
	}
	var cats []string
	if in.Categories != nil {
		if cats, err = cleanCategories(in.Categories); err != nil {
			return err
		}
	}
	if role == nil && cats == nil {
		return httperr.BadRequest("role", "Send a role or categories to change")
	}
	if err := s.Store.UpdateMember(c.Request().Context(), actor(p), int64(in.UserID), role, cats); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

// saveNewEmail is POST /users/saveNewEmail {email}: the signed-in user's own address.
func (s *Service) saveNewEmail(c echo.Context) error {
	p, _, err := s.current(c)
	if err != nil {
		return err
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if err := validEmail(in.Email); err != nil {
		return err
	}
	email := strings.TrimSpace(in.Email)
	if err := s.Store.SetOwnEmail(c.Request().Context(), actor(p), email); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "email": email})
}
