-- Declared fields: the typed fields a collection filters and sorts on. Each declared
-- field has an expression index on (collection_id, json_extract(data, '<path>')), shared by the
-- collections that declare it; query/declared-fields.ts creates them for later declarations and
-- query/to-sql.ts writes conditions with the same expression so SQLite can use them.
CREATE TABLE declared_fields (
  collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  field         TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('string', 'number')),
  PRIMARY KEY (collection_id, field)
) STRICT;

-- The site's collections: the text collections are read by key, the lists ordered by `order`.
INSERT INTO declared_fields (collection_id, field, type)
  SELECT id, 'title_fld', 'string' FROM collections
  WHERE id IN ('HomePage', 'About', 'WhyWorkWithMe');
INSERT INTO declared_fields (collection_id, field, type)
  SELECT id, 'order', 'number' FROM collections WHERE id IN ('Services', 'Clients');

CREATE INDEX "items_field:title_fld" ON items (collection_id, json_extract(data, '$."title_fld"'));
CREATE INDEX "items_field:order" ON items (collection_id, json_extract(data, '$."order"'));
