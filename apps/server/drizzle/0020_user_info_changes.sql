-- The user info and settings caches (issue 41): GET /api/v1/user and user/storages read these
-- tables too, so their committed changes are announced on the change feed like the reader
-- state's (decision 078). orders.user_id may be null (a deleted account's orders are kept), so
-- the function skips a null owner.
CREATE OR REPLACE FUNCTION picbook_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- plpgsql plans a whole expression at once, so users (no user_id column) has its own branch.
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('picbook_changes', 'users:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    IF COALESCE(NEW.user_id, OLD.user_id) IS NOT NULL THEN
      PERFORM pg_notify('picbook_changes', TG_TABLE_NAME || ':' || COALESCE(NEW.user_id, OLD.user_id)::text);
    END IF;
    IF TG_OP = 'UPDATE' THEN
      IF NEW.user_id IS DISTINCT FROM OLD.user_id AND OLD.user_id IS NOT NULL THEN
        PERFORM pg_notify('picbook_changes', TG_TABLE_NAME || ':' || OLD.user_id::text);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER children_changes AFTER INSERT OR UPDATE OR DELETE ON children
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_balances_changes AFTER INSERT OR UPDATE OR DELETE ON user_balances
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER third_party_bindings_changes AFTER INSERT OR UPDATE OR DELETE ON third_party_bindings
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER course_progress_changes AFTER INSERT OR UPDATE OR DELETE ON course_progress
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER works_changes AFTER INSERT OR UPDATE OR DELETE ON works
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER orders_changes AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_changes AFTER INSERT OR UPDATE OR DELETE ON user_settings
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER courses_changes AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER children_truncated AFTER TRUNCATE ON children
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER user_balances_truncated AFTER TRUNCATE ON user_balances
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER third_party_bindings_truncated AFTER TRUNCATE ON third_party_bindings
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER course_progress_truncated AFTER TRUNCATE ON course_progress
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER works_truncated AFTER TRUNCATE ON works
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER courses_truncated AFTER TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_truncated AFTER TRUNCATE ON user_settings
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
