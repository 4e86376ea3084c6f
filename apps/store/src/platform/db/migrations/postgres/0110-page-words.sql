-- The same flag as SQLite's migration 0550.
INSERT INTO meta (key, value) VALUES ('words_seeded', 0);
