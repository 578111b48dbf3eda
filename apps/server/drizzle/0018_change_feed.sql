-- The change feed (decision 078): a committed change to what the read caches hold is announced on
-- the channel picbook_changes as 'table:user_id' (rows that belong to one user) or 'table:*'
-- (anything else), so every API process drops what it cached. NOTIFY is transactional: the
-- message leaves on commit and never for a rolled-back change.
CREATE OR REPLACE FUNCTION picbook_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- plpgsql plans a whole expression at once, so users (no user_id column) has its own branch.
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('picbook_changes', 'users:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('picbook_changes', TG_TABLE_NAME || ':' || COALESCE(NEW.user_id, OLD.user_id)::text);
    IF TG_OP = 'UPDATE' THEN
      IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
        PERFORM pg_notify('picbook_changes', TG_TABLE_NAME || ':' || OLD.user_id::text);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION picbook_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('picbook_changes', TG_TABLE_NAME || ':*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_changes AFTER INSERT OR UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_rights_changes AFTER INSERT OR UPDATE OR DELETE ON user_rights
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER reading_progress_changes AFTER INSERT OR UPDATE OR DELETE ON reading_progress
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER book_unlocks_changes AFTER INSERT OR UPDATE OR DELETE ON book_unlocks
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER book_favorites_changes AFTER INSERT OR UPDATE OR DELETE ON book_favorites
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER books_changes AFTER INSERT OR UPDATE OR DELETE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER config_entries_changes AFTER INSERT OR UPDATE OR DELETE ON config_entries
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_truncated AFTER TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER user_rights_truncated AFTER TRUNCATE ON user_rights
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER reading_progress_truncated AFTER TRUNCATE ON reading_progress
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER book_unlocks_truncated AFTER TRUNCATE ON book_unlocks
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER book_favorites_truncated AFTER TRUNCATE ON book_favorites
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER books_truncated AFTER TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER config_entries_truncated AFTER TRUNCATE ON config_entries
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
