-- pg_trgm: trigram GIN indexes make ILIKE '%word%' searches fast, Chinese text included.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
