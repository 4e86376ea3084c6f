-- What a read may answer also depends on the collection's permissions and on where its
-- reference fields point, so changing either bumps the content version, as item and reference
-- writes do (0001, 0003). Cached visitor answers (http/query-response-cache.ts) are filed under
-- the version, so one computed after a passed permission check stays valid only while that check
-- would still pass.
CREATE TRIGGER collection_permissions_version_insert AFTER INSERT ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER collection_permissions_version_update AFTER UPDATE ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER collection_permissions_version_delete AFTER DELETE ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER reference_fields_version_insert AFTER INSERT ON reference_fields BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER reference_fields_version_update AFTER UPDATE ON reference_fields BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER reference_fields_version_delete AFTER DELETE ON reference_fields BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
