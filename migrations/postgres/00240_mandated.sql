-- Mandated brands and mandated FSNs (docs/pricer.md, docs/product.md §2–§5, issue
-- 16 part 3): their products are never repriced automatically; a run sends each
-- recommendation for them to manual approval with the reason "mandated".

-- +goose Up
-- mandated_brands: a brand of a super category, in every vertical of it (verticals
-- empty) or in the listed ones. Names, not ids: the facts and the engine name
-- categories and brands by text. Saving the same (super category, brand) again
-- replaces its verticals and comment.
CREATE TABLE mandated_brands (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id      bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    super_category  text NOT NULL,
    verticals       text[] NOT NULL DEFAULT '{}',
    brand           text NOT NULL,
    comment         text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 200),
    created_by      bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT mandated_brands_one UNIQUE (account_id, super_category, brand)
);

-- mandated_fsns: single products (the account's product ids) kept out of
-- automatic repricing, added and removed by CSV (upload/uploadMandatedFSNs).
CREATE TABLE mandated_fsns (
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    product_id  text NOT NULL,
    comment     text NOT NULL CHECK (char_length(comment) BETWEEN 1 AND 200),
    created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, product_id)
);

-- +goose Down
DROP TABLE IF EXISTS mandated_fsns;
DROP TABLE IF EXISTS mandated_brands;
