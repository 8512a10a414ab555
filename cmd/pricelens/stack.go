package main

import (
	"context"
	"fmt"
	"os"

	"pricelens/deploy/config"
	"pricelens/deploy/stack"
)

// runStack starts, stops or reports the private local ClickHouse, PostgreSQL and
// Mailpit; with --cluster, the loopback ClickHouse cluster (ZooKeeper and four
// nodes) instead.
func runStack(ctx context.Context, args []string) error {
	cluster, current := false, false
	var rest []string
	for _, a := range args {
		switch a {
		case "--cluster":
			cluster = true
		case "--current":
			current = true
		default:
			rest = append(rest, a)
		}
	}
	args = rest
	if len(args) != 1 || (cluster && current) {
		return usagef("stack takes one of up, down, status (and --cluster for the loopback cluster, or --current for ClickHouse 26.7 through chDB)")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	o, err := stack.OptionsFrom(c)
	if err != nil {
		return err
	}
	o.Out = os.Stdout
	if cluster {
		return runStackCluster(ctx, o, c, args[0])
	}
	if current {
		return runStackCurrent(ctx, o, args[0])
	}
	switch args[0] {
	case "up":
		return stack.Up(ctx, o)
	case "down":
		if err := stopServer(c.DataDir); err != nil {
			return err
		}
		return stack.Down(o)
	case "status":
		servers, err := stack.Status(o)
		if err != nil {
			return err
		}
		printServers(servers)
		return nil
	}
	return usagef("unknown stack action %q (up, down or status)", args[0])
}

func printServers(servers []stack.Server) {
	for _, s := range servers {
		state := "stopped"
		if s.Running {
			state = fmt.Sprintf("running (pid %d, version %s)", s.PID, s.Version)
		}
		fmt.Printf("%-10s %-22s %s\n", s.Name, s.Addr, state)
	}
}

// runStackCluster runs the loopback cluster under the data directory's cluster/
// folder, named by PRICELENS_CLICKHOUSE_CLUSTER (default "pricelens").
func runStackCluster(ctx context.Context, o stack.Options, c config.Config, action string) error {
	name := c.ClickHouseCluster
	if name == "" {
		name = config.DefaultClusterName
	}
	switch action {
	case "up":
		if err := stack.UpCluster(ctx, o, name); err != nil {
			return err
		}
		fmt.Printf("cluster %s is up; point the binary at it with\n  PRICELENS_CLICKHOUSE_CLUSTER=%s PRICELENS_CLICKHOUSE_ADDR=%s\n",
			name, name, stack.ClusterAddrs())
		return nil
	case "down":
		return stack.DownCluster(o)
	case "status":
		servers, err := stack.StatusCluster(o)
		if err != nil {
			return err
		}
		printServers(servers)
		return nil
	}
	return usagef("unknown stack action %q (up, down or status)", action)
}

// runStackCurrent runs the stack with the current ClickHouse (chDB behind
// cmd/chdb-server on PRICELENS_CLICKHOUSE_ADDR's port) in place of 18.16.
func runStackCurrent(ctx context.Context, o stack.Options, action string) error {
	switch action {
	case "up":
		return stack.UpCurrent(ctx, o)
	case "down":
		return stack.DownCurrent(o)
	case "status":
		servers, err := stack.StatusCurrent(o)
		if err != nil {
			return err
		}
		printServers(servers)
		return nil
	}
	return usagef("unknown stack action %q (up, down or status)", action)
}
