package access

// OK is the answer of a call whose only news is that it worked: {"ok": true}.
type OK struct {
	OK bool `json:"ok" openapi:"always"`
}

// OKMessage is OK with a sentence for the user: {"ok": true, "message"}.
type OKMessage struct {
	OK      bool   `json:"ok" openapi:"always"`
	Message string `json:"message" openapi:"always"`
}

// Message is an answer that is only a sentence for the user: {"message"}.
type Message struct {
	Message string `json:"message" openapi:"always"`
}
