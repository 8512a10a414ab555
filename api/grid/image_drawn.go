package grid

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"pricelens/report"
	"strings"
	"sync"
)

// The pictures the image proxy draws itself instead of fetching:
//
//   - the placeholder, when an image host fails (down, slow, too large, no image):
//     a broken image in a tooltip or card says nothing a user can act on, and every
//     screen with images would log a failed load;
//   - the demo's images: the demo seeds its image addresses under the reserved
//     .example domain (RFC 2606), which never resolves, so the proxy draws a
//     picture per address there (the same one each time) and the demo shows images
//     with no image host and no network. The catalogue check still applies first.

// demoImageDomain is the reserved top-level domain of the demo's image hosts.
const demoImageDomain = ".example"

// isDemoImage tells whether an image address is one of the demo's (.example host).
func isDemoImage(addr string) bool {
	u, err := url.Parse(addr)
	return err == nil && strings.HasSuffix(strings.ToLower(u.Hostname()), demoImageDomain)
}

var (
	placeholderOnce sync.Once
	placeholderPNG  []byte
)

// placeholder is the picture of an image that could not be loaded: a light grey
// square with a darker frame and a "landscape" mark (a sun and a hill), drawn once.
func placeholder() []byte {
	placeholderOnce.Do(func() {
		grey := color.NRGBA{R: 0xee, G: 0xef, B: 0xf1, A: 0xff}
		mark := color.NRGBA{R: 0xb8, G: 0xbd, B: 0xc4, A: 0xff}
		placeholderPNG = drawPicture(grey, mark, mark)
	})
	return placeholderPNG
}

// demoImage draws the demo's picture of an address: a background and a product
// shape whose hues come from the address's hash.
func demoImage(addr string) []byte {
	h := fnv.New32a()
	_, _ = h.Write([]byte(addr))
	sum := h.Sum32()
	bg := hsv(float64(sum%360), 0.18, 0.97)
	box := hsv(float64((sum/360)%360), 0.55, 0.75)
	sun := hsv(float64((sum/7)%360), 0.65, 0.9)
	return drawPicture(bg, box, sun)
}

// drawPicture draws a report.ThumbnailSize square: the background, a frame, a circle
// (upper right) and a rounded block standing on the lower half.
func drawPicture(bg, shape, circle color.NRGBA) []byte {
	n := report.ThumbnailSize
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	frame := color.NRGBA{R: shape.R, G: shape.G, B: shape.B, A: 0x60}
	cx, cy, r := n*7/10, n*3/10, n/9
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := bg
			switch {
			case x < 2 || y < 2 || x >= n-2 || y >= n-2:
				c = blend(bg, frame)
			case (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r:
				c = circle
			case inRoundedRect(x, y, n/5, n/2, n*3/5, n*7/20, n/14):
				c = shape
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img) // an in-memory NRGBA always encodes
	return b.Bytes()
}

// inRoundedRect tells whether (x, y) is inside the w×h rectangle at (x0, y0) with corners of radius r.
func inRoundedRect(x, y, x0, y0, w, h, r int) bool {
	if x < x0 || y < y0 || x >= x0+w || y >= y0+h {
		return false
	}
	dx := max(x0+r-x, x-(x0+w-1-r), 0)
	dy := max(y0+r-y, y-(y0+h-1-r), 0)
	return dx*dx+dy*dy <= r*r
}

// blend lays the translucent top over the opaque base.
func blend(base, top color.NRGBA) color.NRGBA {
	a := uint32(top.A)
	mix := func(b, t uint8) uint8 { return uint8((uint32(b)*(255-a) + uint32(t)*a) / 255) }
	return color.NRGBA{R: mix(base.R, top.R), G: mix(base.G, top.G), B: mix(base.B, top.B), A: 0xff}
}

// hsv is an opaque colour from a hue in degrees, a saturation and a value in [0, 1].
func hsv(h, s, v float64) color.NRGBA {
	c := v * s
	hp := h / 60
	x := c * (1 - abs(mod2(hp)-1))
	var r, g, b float64
	switch int(hp) % 6 {
	case 0:
		r, g = c, x
	case 1:
		r, g = x, c
	case 2:
		g, b = c, x
	case 3:
		g, b = x, c
	case 4:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := v - c
	to := func(f float64) uint8 { return uint8((f + m) * 255) }
	return color.NRGBA{R: to(r), G: to(g), B: to(b), A: 0xff}
}

func mod2(f float64) float64 { return f - 2*float64(int(f/2)) }

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
