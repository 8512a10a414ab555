package production

import (
	"encoding/xml"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// These files are not run here (no Docker daemon, no Kubernetes): the test keeps
// them from drifting from the binary and from each other, the mistakes a deploy
// would only show at its first start.

// knownVariables are the PRICELENS_* variables the binary reads (deploy/config).
func knownVariables(t *testing.T) map[string]bool {
	src, err := os.ReadFile("../config/config.go")
	require.NoError(t, err)
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`"(PRICELENS_[A-Z0-9_]+)"`).FindAllStringSubmatch(string(src), -1) {
		out[m[1]] = true
	}
	require.Contains(t, out, "PRICELENS_CLICKHOUSE_CLUSTER")
	return out
}

func yamlDocs(t *testing.T, path string) []map[string]any {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var docs []map[string]any
	for {
		var d map[string]any
		if err := dec.Decode(&d); err != nil {
			require.Equal(t, "EOF", err.Error(), path)
			return docs
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
}

func m(v any) map[string]any { out, _ := v.(map[string]any); return out }
func l(v any) []any          { out, _ := v.([]any); return out }

// clusterXML is the part of a ClickHouse config the test reads.
type clusterXML struct {
	Clusters struct {
		Pricelens clusterDef `xml:"pricelens"`
		Shards    clusterDef `xml:"pricelens_shards"`
	} `xml:"remote_servers"`
	Keeper []struct {
		Host string `xml:"host"`
	} `xml:"zookeeper>node"`
	Macros struct {
		Shard   attrEnv `xml:"shard"`
		Replica attrEnv `xml:"replica"`
	} `xml:"macros"`
}

type clusterDef struct {
	Secret attrEnv `xml:"secret"`
	Shards []struct {
		Replicas []struct {
			Host string `xml:"host"`
		} `xml:"replica"`
	} `xml:"shard"`
}

type attrEnv struct {
	FromEnv string `xml:"from_env,attr"`
}

func (c clusterDef) hosts() [][]string {
	var out [][]string
	for _, s := range c.Shards {
		var hs []string
		for _, r := range s.Replicas {
			hs = append(hs, r.Host)
		}
		out = append(out, hs)
	}
	return out
}

func parseCluster(t *testing.T, text string) clusterXML {
	var c clusterXML
	require.NoError(t, xml.Unmarshal([]byte(text), &c))
	return c
}

// checkCluster: two shards of two replicas, the shards cluster names the first
// replica of each, every server authenticates with the shared secret, macros come
// from each server's environment, three Keeper nodes, and the binary's node list is
// the cluster's servers.
func checkCluster(t *testing.T, c clusterXML, addr string) {
	hosts := c.Clusters.Pricelens.hosts()
	require.Len(t, hosts, 2, "two shards")
	for _, s := range hosts {
		require.Len(t, s, 2, "two replicas per shard")
	}
	assert.Equal(t, [][]string{{hosts[0][0]}, {hosts[1][0]}}, c.Clusters.Shards.hosts(), "pricelens_shards: one replica per shard")
	assert.Equal(t, "CLICKHOUSE_CLUSTER_SECRET", c.Clusters.Pricelens.Secret.FromEnv)
	assert.Equal(t, "CLICKHOUSE_CLUSTER_SECRET", c.Clusters.Shards.Secret.FromEnv)
	assert.Equal(t, "CLICKHOUSE_SHARD", c.Macros.Shard.FromEnv)
	assert.Equal(t, "CLICKHOUSE_REPLICA", c.Macros.Replica.FromEnv)
	assert.Len(t, c.Keeper, 3)
	var nodes []string
	for _, n := range strings.Split(addr, ",") {
		host, port, ok := strings.Cut(n, ":")
		require.True(t, ok, n)
		assert.Equal(t, "9000", port)
		nodes = append(nodes, host)
	}
	assert.Equal(t, slices.Concat(hosts...), nodes, "PRICELENS_CLICKHOUSE_ADDR lists the cluster's servers")
}

func checkVariables(t *testing.T, where string, names []string, known map[string]bool) {
	for _, n := range names {
		if strings.HasPrefix(n, "PRICELENS_") {
			assert.True(t, known[n], "%s: %s is not a variable the binary reads", where, n)
		}
	}
	for _, must := range []string{"PRICELENS_CLICKHOUSE_CLUSTER", "PRICELENS_CLICKHOUSE_ADDR", "PRICELENS_POSTGRES_URL",
		"PRICELENS_SMTP_HOST", "PRICELENS_SMTP_STARTTLS", "PRICELENS_EMBED_SECRET", "PRICELENS_PUBLIC_URL"} {
		assert.Contains(t, names, must, where)
	}
}

func TestCompose(t *testing.T) {
	known := knownVariables(t)
	docs := yamlDocs(t, "compose.yaml")
	require.Len(t, docs, 1)
	services := m(docs[0]["services"])
	xmlText, err := os.ReadFile("clickhouse/cluster.xml")
	require.NoError(t, err)
	c := parseCluster(t, string(xmlText))

	for _, name := range []string{"migrate", "server", "worker"} {
		env := m(m(services[name])["environment"])
		require.NotEmpty(t, env, name)
		checkVariables(t, name, slices.Collect(maps.Keys(env)), known)
		checkCluster(t, c, env["PRICELENS_CLICKHOUSE_ADDR"].(string))
		assert.Equal(t, "required", env["PRICELENS_SMTP_STARTTLS"], "a real relay, over TLS")
	}
	assert.Equal(t, "off", m(m(services["server"])["environment"])["PRICELENS_WORKERS"], "jobs run in the worker")
	for si, shard := range c.Clusters.Pricelens.hosts() {
		for _, h := range shard {
			svc := m(services[h])
			require.NotNil(t, svc, "the cluster's server %s is a service", h)
			env := m(svc["environment"])
			assert.Equal(t, h, svc["hostname"])
			assert.Equal(t, h, env["CLICKHOUSE_REPLICA"])
			assert.Equal(t, h, env["CLICKHOUSE_HOST"])
			assert.Equal(t, string(rune('1'+si)), env["CLICKHOUSE_SHARD"])
		}
	}
	for _, k := range c.Keeper {
		assert.Contains(t, services, k.Host, "Keeper node %s is a service", k.Host)
	}
}

func TestKubernetes(t *testing.T) {
	known := knownVariables(t)
	files, err := filepath.Glob("k8s/*.yaml")
	require.NoError(t, err)
	byKind := map[string]map[string]any{}
	for _, f := range files {
		for _, d := range yamlDocs(t, f) {
			meta := m(d["metadata"])
			assert.Equal(t, "pricelens", firstNonEmpty(meta["namespace"], meta["name"]), "%s: in the pricelens namespace", f)
			byKind[d["kind"].(string)+"/"+meta["name"].(string)] = d
		}
	}
	chConfig := m(byKind["ConfigMap/clickhouse-config"]["data"])
	c := parseCluster(t, chConfig["pricelens-cluster.xml"].(string))
	envConfig := m(byKind["ConfigMap/pricelens-env"]["data"])
	checkCluster(t, c, envConfig["PRICELENS_CLICKHOUSE_ADDR"].(string))

	// The profile the engine's SQL relies on is the one of deploy/cluster.
	profile, err := os.ReadFile("../cluster/users.d/pricelens-profile.xml")
	require.NoError(t, err)
	assert.Equal(t, profileSettings(t, string(profile)), profileSettings(t, chConfig["pricelens-profile.xml"].(string)))
	var keeper struct{}
	require.NoError(t, xml.Unmarshal([]byte(chConfig["keeper_config.xml"].(string)), &keeper))

	// Each shard's StatefulSet: its pods are the cluster's hosts of that shard.
	for si, shard := range c.Clusters.Pricelens.hosts() {
		name := "ch-s" + string(rune('1'+si))
		ss := byKind["StatefulSet/"+name]
		require.NotNil(t, ss, name)
		spec := m(ss["spec"])
		assert.Equal(t, name, spec["serviceName"])
		assert.Equal(t, len(shard), spec["replicas"])
		for i, h := range shard {
			assert.Equal(t, name+"-"+string(rune('0'+i))+"."+name, h)
		}
		envs := map[string]string{}
		for _, e := range l(m(l(m(m(spec["template"])["spec"])["containers"])[0])["env"]) {
			if v, ok := m(e)["value"].(string); ok {
				envs[m(e)["name"].(string)] = v
			}
		}
		assert.Equal(t, string(rune('1'+si)), envs["CLICKHOUSE_SHARD"])
		assert.Equal(t, "$(POD_NAME)."+name, envs["CLICKHOUSE_HOST"])
	}

	// The server, worker and migrations read only variables the binary knows, and get the same configuration.
	for _, name := range []string{"Job/pricelens-migrate", "Deployment/pricelens-server", "Deployment/pricelens-worker"} {
		spec := m(byKind[name]["spec"])
		require.NotNil(t, spec, name)
		ctr := m(l(m(m(spec["template"])["spec"])["containers"])[0])
		names := slices.Collect(maps.Keys(envConfig))
		for _, e := range l(ctr["env"]) {
			names = append(names, m(e)["name"].(string))
		}
		checkVariables(t, name, names, known)
	}
}

func firstNonEmpty(vs ...any) string {
	for _, v := range vs {
		if s, ok := v.(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// profileSettings are the default profile's settings of a users.d fragment.
func profileSettings(t *testing.T, text string) map[string]string {
	var doc struct {
		Default struct {
			Settings []struct {
				XMLName xml.Name
				Value   string `xml:",chardata"`
			} `xml:",any"`
		} `xml:"profiles>default"`
	}
	require.NoError(t, xml.Unmarshal([]byte(text), &doc))
	out := map[string]string{}
	for _, s := range doc.Default.Settings {
		out[s.XMLName.Local] = strings.TrimSpace(s.Value)
	}
	require.NotEmpty(t, out)
	return out
}
