package config

import (
	"strings"
	"testing"
)

// TestSMTPSettings: the defaults reach the local stack's Mailpit without
// authentication; each bad value names its variable.
func TestSMTPSettings(t *testing.T) {
	for _, v := range []string{"PRICELENS_SMTP_HOST", "PRICELENS_SMTP_PORT", "PRICELENS_SMTP_STARTTLS", "PRICELENS_SMTP_USER", "PRICELENS_SMTP_FROM"} {
		t.Setenv(v, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := SMTP{Host: "127.0.0.1", Port: 11025, StartTLS: "off", From: "Pricelens <no-reply@pricelens.local>"}
	if c.SMTP != want || c.SMTP.Addr() != "127.0.0.1:11025" {
		t.Fatalf("defaults %+v, want %+v", c.SMTP, want)
	}

	t.Setenv("PRICELENS_SMTP_STARTTLS", "required")
	t.Setenv("PRICELENS_SMTP_FROM", "no-reply@example.com")
	if c, err = Load(); err != nil || c.SMTP.StartTLS != StartTLSRequired || c.SMTP.From != "no-reply@example.com" {
		t.Fatalf("got %+v, %v", c.SMTP, err)
	}

	for _, bad := range []struct{ name, value, msg string }{
		{"PRICELENS_SMTP_PORT", "70000", "PRICELENS_SMTP_PORT must be a port number (1-65535)"},
		{"PRICELENS_SMTP_PORT", "smtp", "PRICELENS_SMTP_PORT must be a port number (1-65535)"},
		{"PRICELENS_SMTP_STARTTLS", "yes", "PRICELENS_SMTP_STARTTLS must be off or required"},
		{"PRICELENS_SMTP_FROM", "Pricelens", `PRICELENS_SMTP_FROM must be an address like "Pricelens <no-reply@example.com>", not "Pricelens"`},
	} {
		t.Run(bad.name+"="+bad.value, func(t *testing.T) {
			t.Setenv(bad.name, bad.value)
			if _, err := Load(); err == nil || err.Error() != bad.msg {
				t.Fatalf("error %v, want %q", err, bad.msg)
			}
		})
	}
}

// TestScheduleHour: scheduled reports go out from 07:00 unless set; an hour
// outside 0-23 is refused by name.
func TestScheduleHour(t *testing.T) {
	t.Setenv("PRICELENS_SCHEDULE_HOUR", "")
	c, err := Load()
	if err != nil || c.ScheduleHour != 7 {
		t.Fatalf("default hour %d (%v), want 7", c.ScheduleHour, err)
	}
	t.Setenv("PRICELENS_SCHEDULE_HOUR", "0")
	if c, err = Load(); err != nil || c.ScheduleHour != 0 {
		t.Fatalf("hour %d (%v), want 0", c.ScheduleHour, err)
	}
	for _, bad := range []string{"24", "-1", "seven"} {
		t.Setenv("PRICELENS_SCHEDULE_HOUR", bad)
		if _, err := Load(); err == nil || err.Error() != "PRICELENS_SCHEDULE_HOUR must be an hour of the day, 0 to 23" {
			t.Fatalf("%s: error %v", bad, err)
		}
	}
}

// TestHomePage: "/" leads to the dashboard unless a deployment chooses the saved
// reports (docs/product.md §2); anything else is refused by name.
func TestHomePage(t *testing.T) {
	for value, want := range map[string]string{"": "/new/home/dashboard", "dashboard": "/new/home/dashboard", "saved_reports": "/saved_reports"} {
		t.Setenv("PRICELENS_HOME_PAGE", value)
		if c, err := Load(); err != nil || c.HomePath != want {
			t.Fatalf("%q: home %q (%v), want %q", value, c.HomePath, err, want)
		}
	}
	t.Setenv("PRICELENS_HOME_PAGE", "reports")
	if _, err := Load(); err == nil || err.Error() != `PRICELENS_HOME_PAGE must be dashboard or saved_reports, not "reports"` {
		t.Fatalf("error %v", err)
	}
}

// The token secret's rotation: the previous secret needs the current one beside it.
func TestEmbedSecretRotation(t *testing.T) {
	t.Setenv("PRICELENS_EMBED_SECRET", "the-current-secret-123")
	t.Setenv("PRICELENS_EMBED_SECRET_PREVIOUS", "the-previous-secret-45")
	c, err := Load()
	if err != nil || c.EmbedSecret != "the-current-secret-123" || c.EmbedSecretPrevious != "the-previous-secret-45" {
		t.Fatalf("rotation: %+v %v", c.EmbedSecretPrevious, err)
	}
	const msg = "PRICELENS_EMBED_SECRET_PREVIOUS must have at least 16 characters, and PRICELENS_EMBED_SECRET must be set beside it"
	t.Setenv("PRICELENS_EMBED_SECRET_PREVIOUS", "short")
	if _, err := Load(); err == nil || err.Error() != msg {
		t.Fatalf("short previous secret: %v", err)
	}
	t.Setenv("PRICELENS_EMBED_SECRET", "")
	t.Setenv("PRICELENS_EMBED_SECRET_PREVIOUS", "the-previous-secret-45")
	if _, err := Load(); err == nil || err.Error() != msg {
		t.Fatalf("previous without current: %v", err)
	}
}

// PRICELENS_EMBED_ORIGINS: origins, lower-cased without a trailing slash; anything
// else (a path, no scheme) is refused with a line naming the variable.
func TestEmbedOrigins(t *testing.T) {
	t.Setenv("PRICELENS_EMBED_ORIGINS", " https://Intranet.example.com/ ,http://localhost:3000,")
	c, err := Load()
	if err != nil || len(c.EmbedOrigins) != 2 || c.EmbedOrigins[0] != "https://intranet.example.com" || c.EmbedOrigins[1] != "http://localhost:3000" {
		t.Fatalf("origins %q (%v)", c.EmbedOrigins, err)
	}
	for _, bad := range []string{"intranet.example.com", "https://intranet.example.com/widgets", "ftp://x.example.com"} {
		t.Setenv("PRICELENS_EMBED_ORIGINS", bad)
		if _, err := Load(); err == nil || !strings.HasPrefix(err.Error(), "PRICELENS_EMBED_ORIGINS must list origins") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}

// TestClickHouseCluster: a cluster name and a list of nodes to try in order; one
// address and no cluster by default; bad values name their variable.
func TestClickHouseCluster(t *testing.T) {
	t.Setenv("PRICELENS_CLICKHOUSE_ADDR", "")
	t.Setenv("PRICELENS_CLICKHOUSE_CLUSTER", "")
	c, err := Load()
	if err != nil || c.ClickHouseCluster != "" || len(c.ClickHouseAddrs()) != 1 || c.ClickHouseAddrs()[0] != "127.0.0.1:19000" {
		t.Fatalf("defaults: %q %v, %v", c.ClickHouseCluster, c.ClickHouseAddrs(), err)
	}
	t.Setenv("PRICELENS_CLICKHOUSE_CLUSTER", "pricelens")
	t.Setenv("PRICELENS_CLICKHOUSE_ADDR", "127.0.0.1:19101, 127.0.0.1:19102")
	if c, err = Load(); err != nil || c.ClickHouseCluster != "pricelens" || len(c.ClickHouseAddrs()) != 2 || c.ClickHouseAddrs()[1] != "127.0.0.1:19102" {
		t.Fatalf("cluster: %q %v, %v", c.ClickHouseCluster, c.ClickHouseAddrs(), err)
	}
	for _, bad := range []struct{ name, value, msg string }{
		{"PRICELENS_CLICKHOUSE_CLUSTER", "my-cluster", `PRICELENS_CLICKHOUSE_CLUSTER must be a cluster name of letters, digits and _, not "my-cluster"`},
		{"PRICELENS_CLICKHOUSE_ADDR", "127.0.0.1:19101,node2", `PRICELENS_CLICKHOUSE_ADDR="127.0.0.1:19101,node2" is not host:port (or a comma-separated list of them)`},
	} {
		t.Run(bad.name+"="+bad.value, func(t *testing.T) {
			t.Setenv(bad.name, bad.value)
			if _, err := Load(); err == nil || err.Error() != bad.msg {
				t.Fatalf("error %v, want %q", err, bad.msg)
			}
		})
	}
}
