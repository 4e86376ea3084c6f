-- Every word of the page from the store: a database seeded before the headings,
-- buttons and labels were content gets their defaults once; this flag remembers that it did.
INSERT INTO meta (key, value) VALUES ('words_seeded', 0);
