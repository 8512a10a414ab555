-- +goose Up
-- The dynamic pricer's app state (docs/pricer.md, issue 15).

-- pricer_rules: one row per rule. position orders the rules of one (section,
-- rule_type) list, 1-based and dense; the run takes the first matching rule of each
-- list. scope is the rule's product scope as a grid condition (engine.Condition's
-- JSON), source and adjust its price source and adjustment (engine.RuleSource,
-- engine.RuleAdjust). Changes are in audit_log (entity 'rule', before and after).
CREATE TABLE pricer_rules (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name        text NOT NULL,
    section     text NOT NULL CHECK (section IN ('top_bottom', 'middle')),
    rule_type   text NOT NULL CHECK ((section = 'top_bottom' AND rule_type IN ('floor', 'ceiling'))
                                     OR (section = 'middle' AND rule_type = 'target')),
    status      text NOT NULL CHECK (status IN ('active', 'inactive')),
    position    integer NOT NULL CHECK (position > 0),
    scope       jsonb NOT NULL DEFAULT '{}'::jsonb,
    source      jsonb NOT NULL,
    adjust      jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  bigint REFERENCES users(id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pricer_rules_name ON pricer_rules (account_id, lower(name));
CREATE INDEX pricer_rules_order ON pricer_rules (account_id, section, rule_type, position);

-- pricer_guardrails: the account's guardrails (docs/pricer.md); no row = the defaults
-- (no maximum change, no rounding, no minimum margin, auto-approve threshold 0 %).
-- rounding_endings are price endings in [0, 1), e.g. {0.99, 0.49}.
CREATE TABLE pricer_guardrails (
    account_id        bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    max_change_pct    double precision CHECK (max_change_pct > 0),
    rounding_endings  double precision[] NOT NULL DEFAULT '{}',
    min_margin_pct    double precision CHECK (min_margin_pct >= 0),
    auto_approve_pct  double precision NOT NULL DEFAULT 0 CHECK (auto_approve_pct >= 0),
    matrix_profile    text NOT NULL DEFAULT '',
    updated_by        bigint REFERENCES users(id) ON DELETE SET NULL,
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- pricer_runs: one row per requested run (real or simulation). At most one run per
-- account is queued or running (the partial unique index): a second request while
-- one is under way gets that run. result_id names the ClickHouse result set
-- (pricer_results.result_id) of the attempt that completed; readers read the
-- latest complete run, so a failed or killed attempt leaves the previous results.
-- rules and guardrails are what the run used (the explanations' rule names).
CREATE TABLE pricer_runs (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id     bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    is_simulation  boolean NOT NULL,
    status         text NOT NULL CHECK (status IN ('queued', 'running', 'complete', 'failed')),
    requested_by   bigint REFERENCES users(id) ON DELETE SET NULL,
    requested_at   timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    finished_at    timestamptz,
    error          text NOT NULL DEFAULT '',
    result_id      bigint,
    rules          jsonb NOT NULL DEFAULT '[]'::jsonb,
    guardrails     jsonb NOT NULL DEFAULT '{}'::jsonb,
    products       bigint NOT NULL DEFAULT 0,
    changed        bigint NOT NULL DEFAULT 0,
    auto_approved  bigint NOT NULL DEFAULT 0,
    pending        bigint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX pricer_runs_one_active ON pricer_runs (account_id) WHERE status IN ('queued', 'running');
CREATE INDEX pricer_runs_latest ON pricer_runs (account_id, is_simulation, status, id);

-- pricer_result_sets: every ClickHouse result set an attempt started, so that the
-- sets of failed attempts and of runs no longer kept are dropped (their partitions).
CREATE SEQUENCE pricer_result_id;
CREATE TABLE pricer_result_sets (
    result_id   bigint PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    run_id      bigint NOT NULL REFERENCES pricer_runs(id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- approval_records: the approval decision of every changed price of a real run
-- (docs/pricer.md): approved at once within the auto-approve threshold, else Pending
-- until a person approves or rejects it (the approval screens, a later issue).
-- reason: auto_approved, above_threshold, mandated.
CREATE TABLE approval_records (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id         bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    run_id             bigint NOT NULL REFERENCES pricer_runs(id) ON DELETE CASCADE,
    product_id         text NOT NULL,
    current_price      double precision NOT NULL,
    recommended_price  double precision NOT NULL,
    change_pct         double precision NOT NULL,
    rule_id            bigint,
    status             text NOT NULL CHECK (status IN ('Pending', 'approved', 'rejected')),
    reason             text NOT NULL,
    bizfin_comment     text NOT NULL DEFAULT '',
    decided_by         bigint REFERENCES users(id) ON DELETE SET NULL,
    decided_at         timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (run_id, product_id)
);
CREATE INDEX approval_records_status ON approval_records (account_id, status, id);

-- +goose Down
DROP TABLE IF EXISTS approval_records;
DROP TABLE IF EXISTS pricer_result_sets;
DROP SEQUENCE IF EXISTS pricer_result_id;
DROP TABLE IF EXISTS pricer_runs;
DROP TABLE IF EXISTS pricer_guardrails;
DROP TABLE IF EXISTS pricer_rules;
