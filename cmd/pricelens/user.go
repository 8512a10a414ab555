package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"pricelens/deploy/config"
	"pricelens/store"
)

// runUser is the operator's user command. `user set-password --email E` sets an
// internal user's password to the first line of standard input (never an argument,
// which other users of the machine could read) and ends the user's sessions: the
// way back in when nobody knows a password, e.g. the generated one of a database
// seeded long ago (make load at L signs in to bench_l this way).
func runUser(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "set-password" {
		return usagef("usage: user set-password --email E (the new password on standard input)")
	}
	fs := flag.NewFlagSet("user set-password", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "the user's e-mail address")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || strings.TrimSpace(*email) == "" {
		return usagef("usage: user set-password --email E (the new password on standard input)")
	}
	password, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	password = strings.TrimRight(password, "\r\n")
	// The same bounds as the reset dialog's (what bcrypt hashes).
	if len(password) < 8 || len(password) > 72 {
		return usagef("the new password (standard input, one line) must have 8 to 72 characters")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		return err
	}
	defer db.Close()
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return err
	}
	if err := store.New(db).SetPassword(ctx, *email, string(hash)); err != nil {
		var se *store.Error
		if errors.As(err, &se) {
			return fmt.Errorf("%s: %s", *email, se.Message)
		}
		return err
	}
	fmt.Printf("set the password of %s; their sessions were ended\n", *email)
	return nil
}
