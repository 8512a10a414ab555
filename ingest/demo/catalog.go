package demo

import (
	"hash/fnv"
	"math"
	"sort"
	"strings"
)

// The catalogue is fixed Go data rather than generated text so that the demo reads
// like a real shop: the seed only decides which products land where, never the
// names of the tree, the brands or the competitors.

// category is one node of the middle level with its verticals and a typical price
// (the centre of the lognormal price distribution of its verticals).
type category struct {
	name      string
	typical   float64
	verticals []string
}

type superCategory struct {
	name       string
	categories []category
}

// tree is 6 super categories › 40 categories › 150 verticals.
var tree = []superCategory{
	{"Electronics", []category{
		{"Mobile Phones", 420, []string{"Smartphones", "Feature Phones", "Rugged Phones", "Foldable Phones"}},
		{"Mobile Accessories", 25, []string{"Phone Cases", "Screen Protectors", "Chargers", "Power Banks"}},
		{"Audio", 90, []string{"Headphones", "Earbuds", "Bluetooth Speakers", "Soundbars"}},
		{"Televisions", 650, []string{"LED TVs", "OLED TVs", "Smart TV Sticks", "TV Wall Mounts"}},
		{"Cameras", 480, []string{"Mirrorless Cameras", "Action Cameras", "Camera Lenses", "Tripods"}},
		{"Wearables", 180, []string{"Smartwatches", "Fitness Bands", "Smart Rings", "Smart Glasses"}},
		{"Gaming", 260, []string{"Game Consoles", "Controllers", "Gaming Headsets", "VR Headsets"}},
	}},
	{"Computers", []category{
		{"Laptops", 950, []string{"Ultrabooks", "Gaming Laptops", "Chromebooks", "2-in-1 Laptops"}},
		{"Desktops", 850, []string{"Tower PCs", "Mini PCs", "All-in-One PCs"}},
		{"Monitors", 260, []string{"Office Monitors", "Gaming Monitors", "Portable Monitors", "Ultrawide Monitors"}},
		{"Storage", 90, []string{"External Hard Drives", "SSDs", "USB Flash Drives", "Memory Cards"}},
		{"Networking", 110, []string{"Wi-Fi Routers", "Mesh Systems", "Network Switches", "Range Extenders"}},
		{"Peripherals", 55, []string{"Keyboards", "Mice", "Webcams", "Docking Stations"}},
		{"Printers", 210, []string{"Inkjet Printers", "Laser Printers", "Printer Ink", "3D Printers"}},
	}},
	{"Home & Kitchen", []category{
		{"Cookware", 70, []string{"Frying Pans", "Saucepans", "Dutch Ovens", "Cookware Sets"}},
		{"Kitchen Tools", 22, []string{"Knives", "Cutting Boards", "Utensil Sets", "Kitchen Scales"}},
		{"Tableware", 35, []string{"Dinner Sets", "Glassware", "Cutlery Sets", "Mugs"}},
		{"Bedding", 65, []string{"Duvets", "Pillows", "Bed Sheets", "Mattress Toppers"}},
		{"Bath", 30, []string{"Towels", "Bath Mats", "Shower Curtains", "Bathroom Scales"}},
		{"Home Decor", 45, []string{"Lamps", "Wall Art", "Mirrors", "Candles"}},
		{"Storage & Organisation", 30, []string{"Storage Boxes", "Shelving Units", "Laundry Baskets"}},
	}},
	{"Appliances", []category{
		{"Large Appliances", 780, []string{"Refrigerators", "Washing Machines", "Dishwashers", "Dryers"}},
		{"Small Kitchen Appliances", 95, []string{"Coffee Machines", "Blenders", "Air Fryers", "Toasters", "Kettles"}},
		{"Cleaning", 220, []string{"Vacuum Cleaners", "Robot Vacuums", "Steam Mops", "Window Cleaners"}},
		{"Climate", 160, []string{"Air Conditioners", "Fans", "Heaters", "Air Purifiers", "Dehumidifiers"}},
		{"Personal Care", 60, []string{"Hair Dryers", "Electric Shavers", "Electric Toothbrushes", "Hair Straighteners"}},
		{"Irons & Steamers", 50, []string{"Steam Irons", "Garment Steamers", "Ironing Boards"}},
	}},
	{"Sports & Outdoors", []category{
		{"Fitness", 120, []string{"Treadmills", "Dumbbells", "Yoga Mats", "Exercise Bikes"}},
		{"Cycling", 380, []string{"Road Bikes", "Mountain Bikes", "Bike Helmets", "Bike Lights"}},
		{"Camping", 90, []string{"Tents", "Sleeping Bags", "Camping Stoves", "Backpacks"}},
		{"Team Sports", 35, []string{"Footballs", "Basketballs", "Tennis Rackets"}},
		{"Water Sports", 140, []string{"Paddle Boards", "Wetsuits", "Swim Goggles"}},
		{"Outdoor Clothing", 110, []string{"Rain Jackets", "Hiking Boots", "Fleece Jackets"}},
		{"Winter Sports", 240, []string{"Skis", "Snowboards", "Ski Goggles", "Ski Helmets"}},
	}},
	{"Toys & Games", []category{
		{"Building Toys", 60, []string{"Building Sets", "Magnetic Tiles", "Marble Runs"}},
		{"Board Games", 35, []string{"Strategy Games", "Family Games", "Puzzles"}},
		{"Dolls & Figures", 28, []string{"Fashion Dolls", "Action Figures", "Plush Toys"}},
		{"Outdoor Play", 120, []string{"Trampolines", "Scooters", "Swing Sets"}},
		{"Arts & Crafts", 20, []string{"Drawing Sets", "Craft Kits", "Modelling Clay"}},
		{"Baby Toys", 25, []string{"Rattles", "Activity Gyms", "Stacking Toys"}},
	}},
}

// vertical is a flattened leaf of the tree with its price distribution.
type vertical struct {
	name, category, super string
	mu, sigma             float64 // lognormal parameters of my price
}

func verticals() []vertical {
	var out []vertical
	for _, s := range tree {
		for _, c := range s.categories {
			for _, v := range c.verticals {
				// A fixed per-vertical offset around the category's typical price keeps
				// sibling verticals apart without depending on the seed.
				off := (float64(fnv32(v)%1000)/1000 - 0.5) * 0.8
				sig := 0.35 + float64(fnv32("s"+v)%300)/1000
				out = append(out, vertical{name: v, category: c.name, super: s.name, mu: math.Log(c.typical) + off, sigma: sig})
			}
		}
	}
	return out
}

// verticalPopularity is the order of verticals from most to least popular; products
// draw a rank with a skewed distribution and map it through this permutation so that
// popularity is not tied to the tree order.
func verticalPopularity(vs []vertical) []uint32 {
	idx := make([]uint32, len(vs))
	for i := range idx {
		idx[i] = uint32(i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return fnv32("pop"+vs[idx[a]].name) < fnv32("pop"+vs[idx[b]].name) })
	return idx
}

var brandHeads = []string{"Nova", "Axi", "Zen", "Lumi", "Orbi", "Vex", "Tera", "Kai", "Sola", "Pyra",
	"Hexa", "Mira", "Quan", "Riva", "Velo", "Atla", "Cora", "Deno", "Fyn", "Halo"}
var brandTails = []string{"tek", "ra", "on", "ix", "wave", "line", "core", "form", "nest", "lab",
	"view", "ly", "max", "go", "pro", "works", "sense", "craft", "home", "gear"}

// brands returns 400 brand names; the generator picks them with a Zipf-like skew, so
// the first few dominate like real market leaders do.
func brands() []string {
	out := make([]string, 0, len(brandHeads)*len(brandTails))
	for i, t := range brandTails {
		for j := range brandHeads {
			h := brandHeads[(j+i*7)%len(brandHeads)]
			out = append(out, h+t)
		}
	}
	// The popularity rank is the position: mix the syllables so that the market
	// leaders do not all end in the same one.
	sort.SliceStable(out, func(a, b int) bool { return fnv32("brand"+out[a]) < fnv32("brand"+out[b]) })
	return out
}

var adjectives = []string{"Classic", "Pro", "Ultra", "Compact", "Essential", "Premium", "Smart", "Eco",
	"Plus", "Max", "Lite", "Elite", "Urban", "Active", "Prime", "Select"}

var colours = []string{"Black", "White", "Silver", "Blue", "Red", "Graphite", "Green", "Rose Gold"}

// competitorNames are per account: the demo accounts compete in different
// markets, so their competitor sets never overlap (tenant isolation is visible).
var competitorNames = map[uint32][]string{
	1: {"BestDeal Electronics", "MegaMart", "TechHaven", "ByteBazaar", "VoltVille", "CircuitCity Online",
		"GadgetGrove", "PixelPlaza", "ZapShop", "WattWorld", "NeoNet Store", "DigiDepot", "OhmMarket",
		"ChipChamp", "SparkSupply", "LinkLane", "RadiantRetail", "FluxFair", "QuantumCart", "EchoEmporium"},
	2: {"HomeNest", "CasaCart", "Hearth & Co", "LivingLoft", "DwellDirect", "NookMarket", "PorchPicks", "GardenGate"},
	3: {"TrailTrader"},
}

// domainOf turns a competitor name into its (fictional) shop domain.
func domainOf(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String() + ".example"
}

type labelDef struct{ name, color string }

var labelDefs = map[uint32][]labelDef{
	1: {{"Top sellers", "2e7d32"}, {"Clearance", "c62828"}, {"Key value items", "1565c0"},
		{"New arrivals", "6a1b9a"}, {"Watchlist", "ef6c00"}, {"Seasonal", "00838f"}},
	2: {{"Bestsellers", "2e7d32"}, {"End of line", "c62828"}, {"Traffic drivers", "1565c0"},
		{"New season", "6a1b9a"}, {"Monitor", "ef6c00"}, {"Gift ideas", "ad1457"}},
	3: {{"Core range", "2e7d32"}, {"Last pieces", "c62828"}, {"Promotions", "1565c0"}},
}

func fnv32(s string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return h.Sum32()
}
