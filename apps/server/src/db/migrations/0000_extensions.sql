-- Trigram search (catalogue search) needs this; trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
