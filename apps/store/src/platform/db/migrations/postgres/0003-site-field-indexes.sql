-- The site's declared fields (0001's declared_fields rows: title_fld, order) get their expression
-- indexes, written exactly as db/postgres/to-pg-sql.ts writes the indexed expression (../0050 is
-- SQLite's). They need 0002's functions, hence their own migration.
CREATE INDEX IF NOT EXISTS "items_field:title_fld" ON items (collection_id, store_index_key(data -> 'title_fld'));
CREATE INDEX IF NOT EXISTS "items_field:order" ON items (collection_id, store_index_key(data -> 'order'));
