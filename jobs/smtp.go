package jobs

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"os"
	"strings"
	"time"

	"pricelens/deploy/config"
	"pricelens/store"
)

// smtpTimeout bounds one SMTP conversation, dial to QUIT, so a server that
// stops answering fails the attempt instead of holding the mail's row lock.
const smtpTimeout = 30 * time.Second

// message is a composed mail: the envelope and the bytes of the DATA command.
type message struct {
	from string   // envelope sender
	to   []string // envelope recipients
	data []byte
}

// mailHTML is the HTML part: the text, escaped, in paragraphs, and the mail's
// link (reset, invitation, share) as a button. html/template escapes the text and
// the link (an unsafe scheme becomes "#ZgotmplZ"), so no stored text becomes markup.
// A paragraph that is a table in the text part (mailTable) is a table here.
var mailHTML = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 14px; color: #222;">
{{range .Paragraphs}}{{if .Table}}<table style="border-collapse: collapse; margin: 8px 0;">
<tr>{{range .Table.Header}}<th style="text-align: left; border-bottom: 1px solid #999; padding: 4px 8px;">{{.}}</th>{{end}}</tr>
{{range .Table.Rows}}<tr>{{range .}}<td style="border-bottom: 1px solid #eee; padding: 4px 8px;">{{.}}</td>{{end}}</tr>
{{end}}</table>
{{else}}<p>{{.Text}}</p>
{{end}}{{end}}{{if .Link}}<p><a href="{{.Link}}" style="display: inline-block; padding: 8px 16px; background: #1565c0; color: #fff; text-decoration: none; border-radius: 4px;">{{.LinkText}}</a></p>
<p style="color: #666; font-size: 12px;">If the button does not work, copy this address into your browser: {{.Link}}</p>
{{end}}</body></html>
`))

// htmlParagraph is a paragraph of the HTML part: text, or a table.
type htmlParagraph struct {
	Text  string
	Table *MailTable
}

// MailTable is a table a mail carries in its detail ("table"): the text part's
// paragraph number Paragraph (0-based, paragraphs split by blank lines) is the
// table in plain text, and the HTML part shows this table in its place (price
// alerts list their changes so).
type MailTable struct {
	Paragraph int        `json:"paragraph"`
	Header    []string   `json:"header"`
	Rows      [][]string `json:"rows"`
}

// mailTable reads the detail's table, if any.
func mailTable(m store.Mail) *MailTable {
	raw, ok := m.Detail["table"]
	if !ok {
		return nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil
	}
	var t MailTable
	if json.Unmarshal(b, &t) != nil {
		return nil
	}
	return &t
}

// htmlParagraphs splits the text part into the HTML part's paragraphs.
func htmlParagraphs(m store.Mail, text string) []htmlParagraph {
	t := mailTable(m)
	var out []htmlParagraph
	for i, p := range strings.Split(text, "\n\n") {
		if t != nil && i == t.Paragraph {
			out = append(out, htmlParagraph{Table: t})
			continue
		}
		out = append(out, htmlParagraph{Text: p})
	}
	return out
}

// mailLink is the link a mail carries in its detail: "link" for password resets
// and invitations, "url" for share links. The server built it (never a request).
func mailLink(m store.Mail) string {
	for _, k := range []string{"link", "url"} {
		if s, ok := m.Detail[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// linkText names the button of each kind of mail.
func linkText(kind string) string {
	switch kind {
	case "password_reset":
		return "Choose a new password"
	case "invitation":
		return "Choose your password"
	case "share_link", "price_alert":
		return "Open the report"
	case "scheduled_report":
		return "Download the report"
	}
	return "Open Pricelens"
}

// composeMail builds the RFC 5322 message of a mail: headers (the subject
// encoded for non-ASCII text) and a multipart/alternative body with a text part
// (the stored body) and an HTML part, both quoted-printable UTF-8; a mail with
// files is multipart/mixed, that alternative first, then the files (attach).
func composeMail(m store.Mail, from string, now time.Time) (message, error) {
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return message{}, newComposeError("sender %q: %v", from, err)
	}
	msg := message{from: sender.Address}
	to := make([]string, 0, len(m.Recipients))
	for _, r := range m.Recipients {
		a, err := mail.ParseAddress(r)
		if err != nil || a.Name != "" {
			return message{}, newComposeError("recipient %q is not a mail address", r)
		}
		msg.to = append(msg.to, a.Address)
		to = append(to, a.String())
	}
	if len(msg.to) == 0 {
		return message{}, newComposeError("the mail has no recipient")
	}

	var body bytes.Buffer
	parts := multipart.NewWriter(&body)
	contentType := `multipart/alternative; boundary="` + parts.Boundary() + `"`
	alt := parts
	if len(m.Attachments) > 0 {
		// multipart/mixed: the text and HTML alternative first, then the files.
		contentType = `multipart/mixed; boundary="` + parts.Boundary() + `"`
		boundary := multipart.NewWriter(io.Discard).Boundary() // a fresh random one
		w, err := parts.CreatePart(textproto.MIMEHeader{"Content-Type": {`multipart/alternative; boundary="` + boundary + `"`}})
		if err != nil {
			return message{}, err
		}
		alt = multipart.NewWriter(w)
		if err := alt.SetBoundary(boundary); err != nil {
			return message{}, err
		}
	}
	text := strings.ReplaceAll(m.Body, "\r\n", "\n")
	link := mailLink(m)
	var html bytes.Buffer
	if err := mailHTML.Execute(&html, map[string]any{
		"Subject": m.Subject, "Paragraphs": htmlParagraphs(m, text), "Link": link, "LinkText": linkText(m.Kind),
	}); err != nil {
		return message{}, err
	}
	for _, p := range []struct{ contentType, content string }{
		{"text/plain; charset=utf-8", text},
		{"text/html; charset=utf-8", html.String()},
	} {
		w, err := alt.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {p.contentType},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return message{}, err
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(strings.ReplaceAll(p.content, "\n", "\r\n"))); err != nil {
			return message{}, err
		}
		if err := qp.Close(); err != nil {
			return message{}, err
		}
	}
	if alt != parts {
		if err := alt.Close(); err != nil {
			return message{}, err
		}
		for _, a := range m.Attachments {
			if err := attach(parts, a); err != nil {
				return message{}, err
			}
		}
	}
	if err := parts.Close(); err != nil {
		return message{}, err
	}

	var out bytes.Buffer
	for _, h := range [][2]string{
		{"From", sender.String()},
		{"To", strings.Join(to, ", ")},
		// QEncoding also encodes CR and LF, so a subject cannot add headers.
		{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", messageID(m.ID, sender.Address)},
		{"MIME-Version", "1.0"},
		{"Content-Type", contentType},
	} {
		fmt.Fprintf(&out, "%s: %s\r\n", h[0], h[1])
	}
	out.WriteString("\r\n")
	out.Write(body.Bytes())
	msg.data = out.Bytes()
	return msg, nil
}

// attach adds a file as a base64 part, read from disk in pieces. The message is
// still built in memory before it is sent, so attachments must stay small (a
// scheduled report attaches at most 10 MB, about 14 MB encoded; a larger one is a
// link). A file that is gone (its export expired) cannot be sent, now or later: a
// compose error.
func attach(parts *multipart.Writer, a store.Attachment) error {
	f, err := os.Open(a.Path)
	if err != nil {
		return newComposeError("attachment %s: %v", a.Filename, err)
	}
	defer f.Close()
	w, err := parts.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {mime.FormatMediaType(a.ContentType, map[string]string{"name": a.Filename})},
		"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename})},
		"Content-Transfer-Encoding": {"base64"},
	})
	if err != nil {
		return err
	}
	// 57 bytes of input are one 76-character base64 line (RFC 2045).
	buf := make([]byte, 57*1024)
	line := make([]byte, base64.StdEncoding.EncodedLen(57)+2)
	for {
		n, err := io.ReadFull(f, buf)
		for i := 0; i < n; i += 57 {
			chunk := buf[i:min(i+57, n)]
			k := base64.StdEncoding.EncodedLen(len(chunk))
			base64.StdEncoding.Encode(line, chunk)
			line[k], line[k+1] = '\r', '\n'
			if _, werr := w.Write(line[:k+2]); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// messageID is unique per mail and attempt, in the sender's domain.
func messageID(id int64, sender string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	_, domain, _ := strings.Cut(sender, "@")
	return fmt.Sprintf("<mail-%d.%s@%s>", id, hex.EncodeToString(b), domain)
}

// sendSMTP hands a message to the configured server with net/smtp: STARTTLS
// first when required (a server without it gets nothing), then AUTH PLAIN when a
// user is set (net/smtp refuses to send the password unencrypted, except to
// localhost), then the envelope and the data.
func sendSMTP(ctx context.Context, s config.SMTP, msg message) error {
	ctx, cancel := context.WithTimeout(ctx, smtpTimeout)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.Addr())
	if err != nil {
		return err
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if s.StartTLS == config.StartTLSRequired {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("the SMTP server does not offer STARTTLS, which PRICELENS_SMTP_STARTTLS=required asks for")
		}
		if err := c.StartTLS(&tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}); err != nil {
			return err
		}
	}
	if s.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, s.Host)); err != nil {
			return err
		}
	}
	if err := c.Mail(msg.from); err != nil {
		return err
	}
	for _, r := range msg.to {
		if err := c.Rcpt(r); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg.data); err != nil {
		return err
	}
	// Close ends DATA and returns the server's verdict: from here on the server
	// has the mail, whatever QUIT answers.
	if err := w.Close(); err != nil {
		return err
	}
	_ = c.Quit()
	return nil
}
