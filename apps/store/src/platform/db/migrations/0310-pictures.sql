-- Pictures: the sample pictures are seeded once, also into a database seeded before
-- the Pictures collection existed; this flag remembers that they were (the owner may remove them).
INSERT INTO meta (key, value) VALUES ('pictures_seeded', 0);
