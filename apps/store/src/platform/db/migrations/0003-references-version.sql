-- References are part of what reads answer (includeReferences, query-referenced), so changing
-- them bumps the content version too, like item writes do (0001).
CREATE TRIGGER item_references_version_insert AFTER INSERT ON item_references BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER item_references_version_delete AFTER DELETE ON item_references BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
