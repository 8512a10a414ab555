-- Roles are per-account data: an account administrator adds roles and renames them
-- in the permissions grid. Every account starts with 1 admin, 2 analyst, 3 viewer
-- (role type 2 is the new-user default); role 1 is the account's administrator role,
-- whose members may reset and block users (issue 11). Memberships and grants name
-- the role; the foreign keys carry a rename to them in the same statement.

-- +goose Up
CREATE TABLE account_roles (
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    id          smallint NOT NULL CHECK (id >= 1),
    name        text NOT NULL CHECK (name <> '' AND length(name) <= 50),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, name)
);
-- Names differ ignoring case too, so "Admin" and "admin" can't both exist.
CREATE UNIQUE INDEX account_roles_name_ci ON account_roles (account_id, lower(name));

INSERT INTO account_roles (account_id, id, name)
SELECT a.id, r.id, r.name FROM accounts a
CROSS JOIN (VALUES (1, 'admin'), (2, 'analyst'), (3, 'viewer')) AS r(id, name);
-- Any other role name already in use keeps working, with the next ids.
INSERT INTO account_roles (account_id, id, name)
SELECT account_id, 3 + row_number() OVER (PARTITION BY account_id ORDER BY role), role
FROM (SELECT account_id, role FROM memberships UNION SELECT account_id, role FROM role_grants) used
WHERE role NOT IN ('admin', 'analyst', 'viewer');

-- +goose StatementBegin
CREATE FUNCTION account_roles_seed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_roles (account_id, id, name) VALUES (NEW.id, 1, 'admin'), (NEW.id, 2, 'analyst'), (NEW.id, 3, 'viewer');
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER accounts_seed_roles AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION account_roles_seed();

ALTER TABLE memberships ADD CONSTRAINT memberships_role_fk
    FOREIGN KEY (account_id, role) REFERENCES account_roles (account_id, name) ON UPDATE CASCADE;
ALTER TABLE role_grants ADD CONSTRAINT role_grants_role_fk
    FOREIGN KEY (account_id, role) REFERENCES account_roles (account_id, name) ON UPDATE CASCADE ON DELETE CASCADE;

-- +goose Down
ALTER TABLE role_grants DROP CONSTRAINT IF EXISTS role_grants_role_fk;
ALTER TABLE memberships DROP CONSTRAINT IF EXISTS memberships_role_fk;
DROP TRIGGER IF EXISTS accounts_seed_roles ON accounts;
DROP FUNCTION IF EXISTS account_roles_seed();
DROP TABLE IF EXISTS account_roles;
