// Command devidp runs the local stack's OpenID Connect provider (package
// deploy/devidp) until it is interrupted: `pricelens stack up` starts it beside
// Mailpit, and the browser tests start one of their own.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"pricelens/deploy/devidp"
)

func main() {
	o := devidp.Options{}
	flag.StringVar(&o.Addr, "addr", devidp.DefaultAddr, "loopback address to listen on; the issuer is http://<addr>/oidc")
	flag.StringVar(&o.ClientID, "client-id", devidp.DefaultClientID, "the one client's id")
	flag.StringVar(&o.ClientSecret, "client-secret", devidp.DefaultClientSecret, "the one client's secret")
	redirects := flag.String("redirect-url", devidp.DefaultRedirectURL, "the client's registered redirect URLs, comma-separated")
	flag.StringVar(&o.Email, "email", devidp.DefaultEmail, "verified e-mail address of the person every sign-in is for")
	flag.Parse()
	o.RedirectURLs = strings.Split(*redirects, ",")
	p, err := devidp.Start(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "devidp:", err)
		os.Exit(1)
	}
	slog.Info("OpenID Connect provider listening", "issuer", p.Issuer(), "client_id", o.ClientID, "email", o.Email)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	if err := p.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "devidp:", err)
		os.Exit(1)
	}
}
