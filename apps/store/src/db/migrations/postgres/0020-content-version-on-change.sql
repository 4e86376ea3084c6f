-- A statement bumps the content version only when it changed rows, as SQLite's row triggers do:
-- 0001's statement triggers fired for statements that touched nothing too (removing an item
-- without references cascaded an empty DELETE to item_references, a second bump). A trigger with
-- a transition table has one event, hence one trigger per event; all name that table `changed`.
CREATE FUNCTION store_bump_content_version_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
BEGIN
  IF NOT EXISTS (SELECT FROM changed) THEN
    RETURN NULL;
  END IF;
  UPDATE meta SET value = value + 1 WHERE key = 'content_version' RETURNING value INTO version;
  PERFORM pg_notify('store_content_version', version::text);
  RETURN NULL;
END;
$$;

DROP TRIGGER items_version ON items;
DROP TRIGGER item_references_version ON item_references;
DROP TRIGGER collection_permissions_version ON collection_permissions;
DROP TRIGGER reference_fields_version ON reference_fields;
DROP TRIGGER collections_version ON collections;
DROP FUNCTION store_bump_content_version();

CREATE TRIGGER items_version_insert AFTER INSERT ON items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER items_version_update AFTER UPDATE ON items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER items_version_delete AFTER DELETE ON items REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();

CREATE TRIGGER item_references_version_insert AFTER INSERT ON item_references
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER item_references_version_delete AFTER DELETE ON item_references
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();

CREATE TRIGGER collection_permissions_version_insert AFTER INSERT ON collection_permissions
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER collection_permissions_version_update AFTER UPDATE ON collection_permissions
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER collection_permissions_version_delete AFTER DELETE ON collection_permissions
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();

CREATE TRIGGER reference_fields_version_insert AFTER INSERT ON reference_fields
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER reference_fields_version_update AFTER UPDATE ON reference_fields
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER reference_fields_version_delete AFTER DELETE ON reference_fields
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();

CREATE TRIGGER collections_version_update AFTER UPDATE ON collections
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
CREATE TRIGGER collections_version_delete AFTER DELETE ON collections
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION store_bump_content_version_if_changed();
