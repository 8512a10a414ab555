package route

// The answers shared by routes of every area. A handler returns them with its
// store call's error; the adapter renders them only when that error is nil.

// OK is the answer of a change with nothing to return: {"ok": true}.
type OK struct {
	OK bool `json:"ok" openapi:"always"`
}

// Done is the answer of a change the webapp confirms with the server's sentence:
// {"ok": true, "message": "..."}.
type Done struct {
	OK      bool   `json:"ok" openapi:"always"`
	Message string `json:"message" openapi:"always"`
}

// Message is an answer that is only a sentence for the user: {"message": "..."}.
type Message struct {
	Message string `json:"message" openapi:"always"`
}
