package main

import (
	"context"
	"fmt"
	"os"

	"pricelens/deploy/config"
	"pricelens/deploy/stack"
)

// runStack starts, stops or reports the private local ClickHouse, PostgreSQL and Mailpit.
func runStack(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return usagef("stack takes one of up, down, status")
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
		for _, s := range servers {
			state := "stopped"
			if s.Running {
				state = fmt.Sprintf("running (pid %d, version %s)", s.PID, s.Version)
			}
			fmt.Printf("%-10s %-22s %s\n", s.Name, s.Addr, state)
		}
		return nil
	}
	return usagef("unknown stack action %q (up, down or status)", args[0])
}
