-- The shop has exactly one settings row; defaults come from the table definition.
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
