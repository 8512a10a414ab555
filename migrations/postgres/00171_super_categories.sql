-- Ids of super categories. The facts name super categories by text; the users grid
-- and addInternalUser send super category ids (docs/product.md §3), so each account's names get
-- a stable id the first time they are listed (getCategoryDropDownList) or used in a
-- membership. Memberships keep the names the engine filters by.

-- +goose Up
CREATE TABLE super_categories (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name        text NOT NULL,
    CONSTRAINT super_categories_account_name UNIQUE (account_id, name)
);

INSERT INTO super_categories (account_id, name)
SELECT DISTINCT account_id, unnest(categories) FROM memberships ORDER BY 1, 2;

-- +goose Down
DROP TABLE IF EXISTS super_categories;
