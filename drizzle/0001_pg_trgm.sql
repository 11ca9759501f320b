-- Trigram matching for the ILIKE '%…%' searches (admin order list: client name, email). PGlite
-- loads the extension at start (src/server/db/client.ts); on PostgreSQL it ships with contrib and
-- is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
