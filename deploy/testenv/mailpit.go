package testenv

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"pricelens/deploy/config"
)

// Mailpit is the local stack's Mailpit as tests reach it: SMTP settings that
// point at it and the base address of its API. Tests share it, so each test
// mails unique recipients (Recipient) and reads only the mails sent to them.
type Mailpit struct {
	SMTP config.SMTP
	API  string // http://127.0.0.1:18025
}

// MailpitMessage is a mail as Mailpit's API returns it.
type MailpitMessage struct {
	ID      string
	Subject string
	From    struct{ Name, Address string }
	To      []struct{ Name, Address string }
	Text    string // the text/plain part
	HTML    string // the text/html part
	// Attachments are the files attached (read one with Mailpit.Part).
	Attachments []struct {
		PartID      string
		FileName    string
		ContentType string
		Size        int
	}
}

// MailpitServer returns the stack's Mailpit, failing the test when it does not answer.
func MailpitServer(t testing.TB) Mailpit {
	t.Helper()
	c := Config(t)
	m := Mailpit{
		SMTP: config.SMTP{Host: "127.0.0.1", Port: c.SMTP.Port, StartTLS: config.StartTLSOff, From: "Pricelens <no-reply@pricelens.local>"},
		API:  "http://127.0.0.1:" + strconv.Itoa(config.DefaultMailpitHTTPPort),
	}
	resp, err := http.Get(m.API + "/readyz")
	if err == nil {
		resp.Body.Close()
	}
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("Mailpit does not answer at %s (%v)\n(the local stack must be running: `make test` starts it)", m.API, err)
	}
	return m
}

// Recipient is a mail address no other test uses.
func Recipient(t testing.TB, name string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s-%s@pricelens.test", name, hex.EncodeToString(b))
}

// Messages are the mails Mailpit holds for a recipient, newest first, with their parts.
func (m Mailpit) Messages(t testing.TB, to string) []MailpitMessage {
	t.Helper()
	var found struct{ Messages []struct{ ID string } }
	m.get(t, "/api/v1/search?query="+url.QueryEscape(`to:"`+to+`"`), &found)
	out := make([]MailpitMessage, len(found.Messages))
	for i, f := range found.Messages {
		m.get(t, "/api/v1/message/"+url.PathEscape(f.ID), &out[i])
	}
	return out
}

// Part is the decoded content of one part (an attachment) of a message.
func (m Mailpit) Part(t testing.TB, messageID, partID string) []byte {
	t.Helper()
	client := http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(m.API + "/api/v1/message/" + url.PathEscape(messageID) + "/part/" + url.PathEscape(partID))
	if err != nil {
		t.Fatalf("mailpit: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("mailpit: part %s of %s: %s %v", partID, messageID, resp.Status, err)
	}
	return b
}

func (m Mailpit) get(t testing.TB, path string, into any) {
	t.Helper()
	client := http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(m.API + path)
	if err != nil {
		t.Fatalf("mailpit: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("mailpit: GET %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatalf("mailpit: GET %s: %v", path, err)
	}
}
